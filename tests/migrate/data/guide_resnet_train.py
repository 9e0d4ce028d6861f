"""A PyTorch ResNet training step in the style of the migration guide's examples."""
import torch
from torch import nn, optim
from torch.nn import functional as F


class BasicBlock(nn.Module):
    def __init__(self, in_planes, planes, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(in_planes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.shortcut = nn.Sequential()
        if stride != 1 or in_planes != planes:
            self.shortcut = nn.Sequential(nn.Conv2d(in_planes, planes, 1, stride, bias=False), nn.BatchNorm2d(planes))

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + self.shortcut(x))


class Net(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, 1, 1, bias=False), nn.BatchNorm2d(16), nn.ReLU(inplace=True))
        self.layers = nn.ModuleList([BasicBlock(16, 16), BasicBlock(16, 32, 2)])
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.dropout = nn.Dropout(0.2)
        self.fc = nn.Linear(32, num_classes)

    def forward(self, x):
        x = self.stem(x)
        for layer in self.layers:
            x = layer(x)
        x = torch.flatten(self.pool(x), 1)
        return self.fc(self.dropout(x))


net = Net()
nn.init.kaiming_normal_(net.fc.weight)
nn.init.zeros_(net.fc.bias)
opt = optim.AdamW(net.parameters(), lr=1e-3, weight_decay=1e-4)
sched = optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10)
x = torch.randn(4, 3, 32, 32)
y = torch.randint(0, 10, (4,))
logits = net(x)
loss = F.cross_entropy(logits, y, label_smoothing=0.1)
loss.backward()
torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
opt.step()
sched.step()
probs = F.softmax(logits, dim=1)
top = torch.topk(probs, 3, dim=1)
print(torch.cat([top.values, top.indices.float()], dim=1).shape)
torch.save({"model": net.state_dict()}, "resnet.pth")
