"""``mindspore.nn.grad``: the Jacobian-product cells (``Jvp``, ``Vjp``) and the inner cells of ``ops.jvp``
(``cell_grad``)."""
