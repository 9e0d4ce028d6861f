import pytest


@pytest.fixture
def inductor_in_the_caller(monkeypatch, tmp_path):
    """Inductor compiling in the calling process, into a cache folder of the test's own."""
    monkeypatch.setenv("SPORETORCH_JIT_BACKEND", "inductor")
    monkeypatch.setenv("SPORETORCH_JIT_BACKGROUND", "0")
    monkeypatch.setenv("SPORETORCH_CACHE_DIR", str(tmp_path))
