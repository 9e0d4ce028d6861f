"""Compare the oracle's and the candidate's results for one model; print one table row.
usage: compare.py OUTDIR MODEL
Limits (issue 39): forward max rel diff <= 1e-4, loss diff <= 1e-4 (relative once |loss| > 1), weights after the step <= 2e-2
(max abs diff over the first 64 values of every trainable parameter / max abs oracle value)."""
import os
import sys

import numpy as np

d, m = sys.argv[1], sys.argv[2]


def load(s):
    p = os.path.join(d, s + ".npz")
    return dict(np.load(p)) if os.path.exists(p) else {"error": np.array("no result (crash/timeout)")}


def wall(s):
    p = os.path.join(d, s + ".wall")
    return float(open(p).read()) if os.path.exists(p) else float("nan")


o, c = load("oracle"), load("candidate")
times = f"wall {wall('candidate'):.0f}/{wall('oracle'):.0f}s"
if "error" in o:
    print(f"{m:22s} ORACLE-FAIL {o['error']}")
    sys.exit()
if "error" in c:
    print(f"{m:22s} FAIL {c['error']} {times}")
    sys.exit()


def rel(a, b):
    return float(np.abs(a.astype(np.float64) - b).max() / (np.abs(b).max() + 1e-12))


fwd = rel(c["fwd"], o["fwd"]) if c["fwd"].shape == o["fwd"].shape else float("inf")
# loss: relative where |loss| >= 1, absolute below (a mean of outputs can sit near zero)
loss = float(np.abs(c["loss"].astype(np.float64) - o["loss"]).max() / max(1.0, float(np.abs(o["loss"]).max())))
w = rel(c["w_after"], o["w_after"]) if c["w_after"].shape == o["w_after"].shape else float("inf")
step = rel(c["w_step"], o["w_step"]) if c["w_after"].shape == o["w_after"].shape else float("inf")
nl = str(c.get("not_loaded", ""))
ok = fwd <= 1e-4 and loss <= 1e-4 and w <= 2e-2 and nl in ("([], [])", "")
print(f"{m:22s} {'PASS' if ok else 'FAIL'} fwd_rel={fwd:.1e} loss_diff={loss:.1e} w_rel={w:.1e} "
      f"(update rel {step:.1e}, loss {float(np.ravel(o['loss'])[0]):.4g}) "
      f"not_loaded={nl[:60]} {times} (cand/oracle; fwd {float(c['t_fwd']):.2f}/{float(o['t_fwd']):.2f}s, "
      f"step {float(c['t_step']):.2f}/{float(o['t_step']):.2f}s)")
