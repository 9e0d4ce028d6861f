"""mindspore.train.*_pb2: MindSpore 2.10's protobuf schemas; bytes compared with MindSpore 2.10's."""
from sporetorch.train import (anf_ir_pb2, checkpoint_pb2, lineage_pb2, mind_ir_pb2, node_strategy_pb2,
                              print_pb2, profiling_parallel_pb2, summary_pb2)


def test_summary_event_bytes_match_mindspore():
    e = summary_pb2.Event(wall_time=1.5, step=3)
    e.summary.value.add(tag="a", scalar_value=2.0)
    # MindSpore 2.10: the same message's SerializeToString().hex()
    assert e.SerializeToString().hex() == "09000000000000f83f10032a0a0a080a01611d00000040"


def test_enums_and_messages():
    assert anf_ir_pb2.DT_FLOAT32 == 11 and anf_ir_pb2.DataType.Name(11) == "DT_FLOAT32"  # MindSpore 2.10
    assert mind_ir_pb2.IR_VERSION == 1  # MindSpore 2.10
    m = mind_ir_pb2.ModelProto(ir_version="1")
    assert mind_ir_pb2.ModelProto.FromString(m.SerializeToString()).ir_version == "1"
    for cls in (node_strategy_pb2.ParallelStrategyMap, lineage_pb2.LineageEvent, print_pb2.Print,
                profiling_parallel_pb2.ProfilingParallel, checkpoint_pb2.Checkpoint):
        assert cls().SerializePartialToString() == b""


def test_landscape_tensor_packing():
    import numpy as np

    from sporetorch.train.callback import _landscape as ls
    from sporetorch.train.summary import _nptype_to_prototype
    t = ls.fill_array_to_tensor(np.arange(4, dtype=np.float32).reshape(2, 2), anf_ir_pb2.TensorProto())
    # MindSpore 2.10: data_type 11 (DT_FLOAT32), float_data [0, 1, 2, 3], dims [2, 2]
    assert (t.data_type, list(t.float_data), list(t.dims)) == (11, [0.0, 1.0, 2.0, 3.0], [2, 2])
    assert ls.nptype_to_prototype(None) is None and _nptype_to_prototype(np.ones(1, np.int8)) == "DT_INT8"
