"""The row order of MindSpore's file sources (sorted file list, file parts dealt to reader workers, one row per
worker in turn, shards with the wrapped-around part last), against MindSpore 2.10 CPU."""
import pytest

import sporetorch.dataset as ds


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp("order")
    for f in "pqr":
        (root / f"big_{f}.txt").write_text("".join(f"{f}{i}\n" for i in range(5)))
    (root / "big_s.txt").write_text("s0\ns1\n")
    (root / "t1.txt").write_text("a0\na1\n")
    (root / "t2.txt").write_text("b0\nb1\n")
    (root / "t4.txt").write_text("d0\nd1\nd2\n")
    (root / "t5.txt").write_text("e0\n")
    return str(root)


def names(d):
    return [str(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]


def test_order(files):
    big = [f"{files}/big_{f}.txt" for f in "rqps"]
    got = [f"{w} {names(ds.TextFileDataset(big, shuffle=False, num_parallel_workers=w))}" for w in (2, 1, 2)]
    got.append(str(names(ds.CSVDataset(big[:2], column_names=["a"], shuffle=False, num_parallel_workers=2))))
    got += [str(names(ds.TextFileDataset(big, shuffle=False, num_shards=2, shard_id=k, num_parallel_workers=2)))
            for k in (0, 1)]
    for fs in (["t4", "t1", "t2"], ["t5", "t4", "t1", "t2"], ["t1", "t5", "t4"]):
        got.append(str(names(ds.TextFileDataset([f"{files}/{f}.txt" for f in fs], shuffle=False,
                                                num_parallel_workers=2))))
    got += [str(names(ds.TextFileDataset(big, shuffle=False, num_shards=3, shard_id=k, num_parallel_workers=1)))
            for k in range(3)]
    # MindSpore 2.10 CPU on a 2-CPU machine (its default reader workers there: 2)
    assert got == [
        "2 ['p0', 'q0', 'p1', 'q1', 'p2', 'q2', 'p3', 'q3', 'p4', 'q4', 'r0', 's0', 'r1', 's1', 'r2', 'r3', 'r4']",
        "1 ['p0', 'p1', 'p2', 'p3', 'p4', 'q0', 'q1', 'q2', 'q3', 'q4', 'r0', 'r1', 'r2', 'r3', 'r4', 's0', 's1']",
        "2 ['p0', 'q0', 'p1', 'q1', 'p2', 'q2', 'p3', 'q3', 'p4', 'q4', 'r0', 's0', 'r1', 's1', 'r2', 'r3', 'r4']",
        "['q0', 'r0', 'q1', 'r1', 'q2', 'r2', 'q3', 'r3', 'q4', 'r4']",
        "['p0', 'q0', 'p1', 'q1', 'p2', 'q2', 'p3', 'q3', 'p4']",
        "['q4', 'r0', 's0', 'r1', 's1', 'r2', 'r3', 'r4', 'p0']",
        "['a0', 'b0', 'a1', 'b1', 'd0', 'd1', 'd2']",
        "['a0', 'b0', 'a1', 'b1', 'd0', 'e0', 'd1', 'd2']",
        "['a0', 'd0', 'a1', 'd1', 'e0', 'd2']",
        "['p0', 'p1', 'p2', 'p3', 'p4', 'q0']",
        "['q1', 'q2', 'q3', 'q4', 'r0', 'r1']",
        "['r2', 'r3', 'r4', 's0', 's1', 'p0']",
    ]
