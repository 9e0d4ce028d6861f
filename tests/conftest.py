"""Fixtures shared by every test folder."""
import importlib.util
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="session")
def repo_tool():
    """``repo_tool(name)`` imports ``tools/<name>.py`` (the repository's scripts are not a package)."""
    def load(name):
        spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tools", name + ".py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    return load


@pytest.fixture(autouse=True)
def _default_device():
    """``SPORETORCH_TEST_DEVICE=GPU`` makes the GPU every test's default device (``benchmarks/gpu_check.sh``
    runs the ops', layers' and optimizers' tests so); unset, tests run as they are written."""
    target = os.environ.get("SPORETORCH_TEST_DEVICE")
    if target:
        import sporetorch
        sporetorch.set_context(device_target=target)
    yield
