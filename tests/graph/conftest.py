import os

import pytest

# Test modules of a speed-up itself (``sporetorch/_accel``): with SPORETORCH_ACCEL=0 there is nothing to test.
_ACCEL_MODULES = {"test_jit_background", "test_jit_package", "test_host_memory"}
# Tests of other modules that test a speed-up (the race of compiled against eager, ``@`` captured whole).
_ACCEL_TESTS = {"test_primitives_built_in_construct_and_matmul_operator_stay_in_one_graph",
                "test_race_keeps_eager_when_the_compiled_variant_is_slower", "test_race_keeps_compiled_when_it_is_faster",
                "test_a_compiling_child_records_compiled_only_where_it_wins_clearly",
                "test_race_leaves_kernel_planning_out_of_the_eager_times"}


@pytest.fixture(autouse=True)
def _skip_speed_up_tests_when_off(request):
    if os.environ.get("SPORETORCH_ACCEL") == "0" and (
            request.module.__name__.rpartition(".")[2] in _ACCEL_MODULES or request.node.originalname in _ACCEL_TESTS):
        pytest.skip("tests a speed-up; SPORETORCH_ACCEL=0 turns it off")


@pytest.fixture
def inductor_in_the_caller(monkeypatch, tmp_path):
    """Inductor compiling in the calling process, into a cache folder of the test's own."""
    monkeypatch.setenv("SPORETORCH_JIT_BACKEND", "inductor")
    monkeypatch.setenv("SPORETORCH_JIT_BACKGROUND", "0")
    monkeypatch.setenv("SPORETORCH_CACHE_DIR", str(tmp_path))
