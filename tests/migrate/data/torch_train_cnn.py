"""A standard PyTorch training script: a small CNN, a DataLoader over random data, SGD with
momentum, CrossEntropyLoss, 10 steps. Written for the tests of 'sporetorch migrate translate'."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class RandomImages(Dataset):
    """80 random 1x16x16 images with labels in [0, 10)."""

    def __init__(self, n=80, seed=1):
        rng = np.random.default_rng(seed)
        self.images = rng.standard_normal((n, 1, 16, 16)).astype(np.float32)
        self.labels = rng.integers(0, 10, size=n)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, index):
        return torch.from_numpy(self.images[index]), torch.tensor(self.labels[index], dtype=torch.long)


class SmallCNN(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.fc = nn.Linear(16 * 4 * 4, num_classes)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.bn1(self.conv1(x))), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        return self.fc(x)


def main(steps=10):
    model = SmallCNN().to(device)
    loader = DataLoader(RandomImages(), batch_size=8, shuffle=False)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    model.train()
    for step, (images, labels) in enumerate(loader):
        if step == steps:
            break
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        logits = model(images)  # the forward pass
        loss = criterion(logits, labels)
        loss.backward()
        optimizer.step()
        print(f"step {step} loss {loss.item():.6f}")
    model.eval()


if __name__ == "__main__":
    main()
