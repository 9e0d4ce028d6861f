"""A torch ResNet-18 with torchvision's architecture and state_dict names, and a MindSpore-style
ResNet-18 Cell with mindcv's architecture and Parameter names, both written here (no torchvision,
no mindcv). Keyword arguments inject the usual migration bugs into the Cell."""
import torch
from torch import nn as tnn

from sporetorch import nn


class TorchBasicBlock(tnn.Module):
    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super().__init__()
        self.conv1 = tnn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = tnn.BatchNorm2d(planes)
        self.relu = tnn.ReLU(inplace=True)
        self.conv2 = tnn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = tnn.BatchNorm2d(planes)
        self.downsample = downsample

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        return self.relu(out)


class TorchResNet18(tnn.Module):
    def __init__(self, num_classes=10, dropout=0.0, width=64):
        super().__init__()
        self.inplanes = width
        self.conv1 = tnn.Conv2d(3, width, 7, 2, 3, bias=False)
        self.bn1 = tnn.BatchNorm2d(width)
        self.relu = tnn.ReLU(inplace=True)
        self.maxpool = tnn.MaxPool2d(3, 2, 1)
        self.layer1 = self._make_layer(width, 1)
        self.layer2 = self._make_layer(2 * width, 2)
        self.layer3 = self._make_layer(4 * width, 2)
        self.layer4 = self._make_layer(8 * width, 2)
        self.avgpool = tnn.AdaptiveAvgPool2d((1, 1))
        self.dropout = tnn.Dropout(dropout) if dropout else None
        self.fc = tnn.Linear(8 * width, num_classes)

    def _make_layer(self, planes, stride):
        downsample = None
        if stride != 1 or self.inplanes != planes:
            downsample = tnn.Sequential(tnn.Conv2d(self.inplanes, planes, 1, stride, bias=False),
                                        tnn.BatchNorm2d(planes))
        layers = [TorchBasicBlock(self.inplanes, planes, stride, downsample), TorchBasicBlock(planes, planes)]
        self.inplanes = planes
        return tnn.Sequential(*layers)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        x = torch.flatten(self.avgpool(x), 1)
        if self.dropout is not None:
            x = self.dropout(x)
        return self.fc(x)


class MSBasicBlock(nn.Cell):
    def __init__(self, in_channels, channels, stride=1, down_sample=None, bn_momentum=0.9, same_pad=False):
        super().__init__()
        pad = {"pad_mode": "same"} if same_pad else {"pad_mode": "pad", "padding": 1}
        self.conv1 = nn.Conv2d(in_channels, channels, 3, stride=stride, **pad)
        self.bn1 = nn.BatchNorm2d(channels, momentum=bn_momentum)
        self.relu = nn.ReLU()
        self.conv2 = nn.Conv2d(channels, channels, 3, stride=1, pad_mode="pad", padding=1)
        self.bn2 = nn.BatchNorm2d(channels, momentum=bn_momentum)
        self.down_sample = down_sample

    def construct(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.down_sample is not None:
            identity = self.down_sample(x)
        out += identity
        return self.relu(out)


class MSResNet18(nn.Cell):
    """bn_momentum: MindSpore's momentum of every BatchNorm (0.9 is right, torch's 0.1 is the bug);
    same_pad_layer2: the stride-2 conv of layer2.0 with pad_mode="same" instead of padding=1;
    dropout/keep_prob: Dropout before the classifier, given as MindSpore's p or (swapped) keep_prob;
    width: channels of the first stage (64 in ResNet-18; less for fast tests)."""

    def __init__(self, num_classes=10, bn_momentum=0.9, same_pad_layer2=False, dropout=0.0, keep_prob=None,
                 width=64):
        super().__init__()
        self.input_channels = width
        self.bn_momentum = bn_momentum
        self.conv1 = nn.Conv2d(3, width, 7, stride=2, pad_mode="pad", padding=3)
        self.bn1 = nn.BatchNorm2d(width, momentum=bn_momentum)
        self.relu = nn.ReLU()
        self.max_pool = nn.MaxPool2d(3, 2, pad_mode="pad", padding=1)
        self.layer1 = self._make_layer(width, 1)
        self.layer2 = self._make_layer(2 * width, 2, same_pad_layer2)
        self.layer3 = self._make_layer(4 * width, 2)
        self.layer4 = self._make_layer(8 * width, 2)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.flatten = nn.Flatten()
        if keep_prob is not None:
            self.dropout = nn.Dropout(keep_prob=keep_prob)
        else:
            self.dropout = nn.Dropout(p=dropout) if dropout else None
        self.classifier = nn.Dense(8 * width, num_classes)

    def _make_layer(self, channels, stride, same_pad=False):
        down_sample = None
        if stride != 1 or self.input_channels != channels:
            down_sample = nn.SequentialCell([nn.Conv2d(self.input_channels, channels, 1, stride=stride),
                                             nn.BatchNorm2d(channels, momentum=self.bn_momentum)])
        blocks = [MSBasicBlock(self.input_channels, channels, stride, down_sample, self.bn_momentum, same_pad),
                  MSBasicBlock(channels, channels, bn_momentum=self.bn_momentum)]
        self.input_channels = channels
        return nn.SequentialCell(blocks)

    def construct(self, x):
        x = self.max_pool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        x = self.flatten(self.pool(x))
        if self.dropout is not None:
            x = self.dropout(x)
        return self.classifier(x)
