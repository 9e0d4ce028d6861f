"""``ConvertModelUtils``/``ConvertNetUtils`` (``mindspore.train.train_thor.convert_utils``): switching a network
and Model to the THOR second-order optimizer.

THOR (``nn.thor``, ``DenseThor``, ``Conv2dThor``, ...) is implemented by MindSpore 2.10 for Ascend and GPU
only and is not provided here. ``convert_to_thor_model`` keeps MindSpore's rule (the Model is replaced only
when the optimizer is a THOR optimizer), so with any other optimizer it returns the Model unchanged;
``convert_to_thor_net`` raises NotImplementedError.
"""


class ConvertNetUtils:
    """Replace Dense/Conv2d/Embedding layers by their THOR counterparts (not provided: NotImplementedError)."""

    def convert_to_thor_net(self, net):
        raise NotImplementedError("ConvertNetUtils.convert_to_thor_net builds THOR layers (DenseThor, Conv2dThor, "
                                  "...), which MindSpore 2.10 implements for Ascend and GPU only; sporetorch does not "
                                  "provide THOR.")


class ConvertModelUtils:
    """Build THOR's Model when the optimizer is a THOR optimizer."""

    @staticmethod
    def convert_to_thor_model(model, network, loss_fn=None, optimizer=None, metrics=None, amp_level="O0",
                              loss_scale_manager=None, keep_batchnorm_fp32=False):
        """``model`` itself unless ``optimizer`` is ThorAscend/ThorGpu (which do not exist here)."""
        if type(optimizer).__name__ in ("ThorAscend", "ThorGpu"):
            raise NotImplementedError("THOR's Model needs the THOR optimizer, which sporetorch does not provide.")
        return model
