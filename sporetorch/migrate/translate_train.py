"""The training step of a torch loop, ported to MindSpore's functional form.

In one statement list (a loop body), the torch pattern

    optimizer.zero_grad()
    out = model(x)
    loss = criterion(out, y)
    loss.backward()
    optimizer.step()

becomes

    def _forward_fn(x, y):
        out = model(x)
        loss = criterion(out, y.astype(mindspore.int32))
        return loss, out
    (loss, out), _grads = mindspore.value_and_grad(_forward_fn, None, optimizer.parameters, has_aux=True)(x, y)
    optimizer(_grads)

The forward statements are the ones between ``zero_grad()`` (or the start of the list) and
``backward()`` that the loss depends on; their inputs are the names bound earlier in the list or by
the loop; names they bind that are used later are returned as auxiliary outputs. The rewrite is
made with text edits (indentation added, lines inserted), so comments stay.
"""
import ast

__all__ = ["port_training_step"]


def _method_call(stmt, attr):
    """``X.attr()`` as an expression statement: X's source, else None."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and not stmt.value.args \
            and not stmt.value.keywords and isinstance(stmt.value.func, ast.Attribute) \
            and stmt.value.func.attr == attr:
        return ast.unparse(stmt.value.func.value)
    return None


def _stored(stmt):
    return [n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]


def _loaded(stmt):
    return [n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]


def port_training_step(t, body, loop_targets=()):
    """Find ``loss.backward()`` ... ``opt.step()`` in ``body`` and record the edits of the port on the
    translator ``t`` (statements rewritten as a whole go to ``t.handled``)."""
    back = next((i for i, s in enumerate(body) if _method_call(s, "backward") is not None), None)
    if back is None:
        return
    loss = _method_call(body[back], "backward")
    step = next((i for i in range(back + 1, len(body)) if _method_call(body[i], "step") is not None), None)
    if step is None or not loss.isidentifier():
        return
    opt = _method_call(body[step], "step")
    zero = [i for i, s in enumerate(body) if _method_call(s, "zero_grad") == opt]
    # the forward: the statements right before backward() that the loss depends on, walking back;
    # the walk stops at a statement the loss does not need or one that rebinds its own input
    # (``x = x.to(device)``: data preparation, which stays outside)
    needed, forward = {loss}, []
    for i in range(back - 1, -1, -1):
        if i in zero:
            continue
        stored, loaded = set(_stored(body[i])), set(_loaded(body[i]))
        if not stored & needed or stored & loaded:
            break
        forward.insert(0, i)
        needed |= loaded
    if not forward:
        return
    first, last = forward[0], forward[-1]
    if [i for i in range(first, last + 1) if i not in zero] != forward:
        return  # interleaved statements: left for the reader (backward()/step() then raise at their place)
    bound_before = set(loop_targets)
    for s in body[:first]:
        bound_before |= set(_stored(s))
    params = []
    bound_inside = set()
    for i in forward:
        for name in _loaded(body[i]):
            if name in bound_before and name not in bound_inside and name not in params:
                params.append(name)
        bound_inside |= set(_stored(body[i]))
    later = set()
    for s in body[back + 1:]:
        later |= set(_loaded(s))
    # a loop runs the list again: names used at its top before being bound are used "later" too
    for s in body[:first]:
        later |= set(_loaded(s))
    aux = [n for n in dict.fromkeys(n for i in forward for n in _stored(body[i])) if n != loss and n in later]

    src = t.src
    indent = src.indent(body[first])
    args = ", ".join(params)
    a, _ = src.span(body[first])
    t.edits.append((a, a, f"def _forward_fn({args}):\n{indent}    "))
    for i in forward:
        for line in range(body[i].lineno + (1 if i == first else 0), body[i].end_lineno + 1):
            t.edits.append((src.starts[line - 1], src.starts[line - 1], "    "))
    # after the last forward statement: the return and the grad call
    last_line = body[last].end_lineno
    end = src.starts[last_line - 1] + len(src.lines[last_line - 1].rstrip("\r\n"))
    ret = ", ".join([loss] + aux)
    target = f"({ret})" if aux else loss
    t.edits.append((end, end, f"\n{indent}    return {ret}\n{indent}{target}, _grads = mindspore.value_and_grad("
                              f"_forward_fn, None, {opt}.parameters{', has_aux=True' if aux else ''})({args})"))
    # backward() and zero_grad() go, step() becomes the optimizer call
    for i in [back, *zero]:
        line = body[i].lineno
        t.edits.append((src.starts[line - 1], src.starts[body[i].end_lineno], ""))
        t.handled.add(id(body[i]))
    t.edits.append((*src.span(body[step]), f"{opt}(_grads)"))
    t.handled.add(id(body[step]))
    t.note(body[back], f"training step ported: {opt}.zero_grad()/{loss}.backward()/{opt}.step() -> "
                       f"mindspore.value_and_grad(_forward_fn, None, {opt}.parameters) and {opt}(grads)")
