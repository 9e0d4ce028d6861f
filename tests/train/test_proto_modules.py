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
