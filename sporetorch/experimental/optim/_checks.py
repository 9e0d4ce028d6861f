"""Argument checks shared by the experimental optimizers (MindSpore's messages)."""


def check_type(value, name, types, cls_name):
    if isinstance(value, bool) and bool not in types:
        raise TypeError(f"For '{cls_name}', the type of '{name}' should be one of {[t.__name__ for t in types]}, "
                        f"but got '{value}' with type 'bool'.")
    if not isinstance(value, tuple(types)):
        raise TypeError(f"For '{cls_name}', the type of '{name}' should be one of {[t.__name__ for t in types]}, "
                        f"but got '{value}' with type '{type(value).__name__}'.")
    return value


def check_not_less_than(value, name, cls_name, bound=0.0):
    if value < bound:
        raise ValueError(f"For {cls_name}, the {name} must be greater than or equal to {bound}, but got {value}.")


def check_greater_than(value, name, cls_name, bound=0.0):
    if value <= bound:
        raise ValueError(f"For {cls_name}, the {name} must be greater than {bound}, but got {value}.")


def check_adam_args(lr, betas, eps, weight_decay):
    """torch's Adam checks, with its messages (MindSpore's Adam family uses them too)."""
    if lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps < 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if weight_decay < 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


def check_beta_args(lr, betas, eps, weight_decay, cls_name):
    """MindSpore's checks of Adamax, NAdam and RAdam: positive lr and eps, betas in [0, 1)."""
    check_greater_than(lr, "lr", cls_name)
    check_not_less_than(weight_decay, "weight_decay", cls_name)
    check_greater_than(eps, "eps", cls_name)
    for i, beta in enumerate(betas):
        if not isinstance(beta, float) or not 0.0 <= beta < 1.0:
            raise ValueError(f"For '{cls_name}', the 'betas[{i}]' must be in range of [0.0, 1.0), but got {beta} "
                             f"with type '{type(beta).__name__}'.")
