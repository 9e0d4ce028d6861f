"""``mindspore.mint.distributed``: the ``torch.distributed``-style API on ``torch.distributed``
(see ``sporetorch.communication._dist_api``)."""
import re

from ..communication._dist_api import *  # noqa: F401,F403
from ..communication._dist_api import __all__  # noqa: F401
from ..communication._wire import (  # noqa: E402,F401 - MindSpore's helpers of mint.distributed.distributed
    RestrictedUnpickler,
    _check_group_tensor_list,
    _check_tensor_list,
    _object_to_tensor,
    _tensor_to_object,
    restricted_loads,
)
from ..ops.function import comm_func as _comm  # noqa: E402
from ..communication.comm_func import (  # noqa: E402,F401 - MindSpore's helpers of mint.distributed.distributed
    _all_to_all_single_numel_lists as _get_all_to_all_single_numel_list,
    get_cache_group_rank,
    get_cache_group_size,
)


def gather_into_tensor(output_tensor, input_tensor, dst=0, group=None, async_op=False):
    """Concatenate ``input_tensor`` of every rank along the first axis into ``output_tensor`` on world rank
    ``dst``; the handle (None unless ``async_op``)."""
    return _comm._gather_into(output_tensor, input_tensor, dst, group, async_op)


def scatter_tensor(output_tensor, input_tensor, src=0, group=None, async_op=False):
    """Split world rank ``src``'s ``input_tensor`` along the first axis into every rank's ``output_tensor``;
    the handle (None unless ``async_op``)."""
    return _comm._scatter_from(output_tensor, input_tensor, src, group, async_op)


# The port range MindSpore 2.10's TCP init URLs accept.
MIN_VALID_PORT, MAX_VALID_PORT = 1, 65535


def _is_valid_ipv4(ip):
    """Whether ``ip`` is a dotted IPv4 address."""
    return re.match(r"^((25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)$",
                    ip) is not None


def _parse_tcp_url_for_ipv4(url):
    """``(ip, port)`` of a ``tcp://IPv4:port`` init URL; ValueError naming the URL and the fault."""
    if not isinstance(url, str):
        raise TypeError("URL must be a string.")
    try:
        return _split_tcp_url(url)
    except ValueError as e:
        raise ValueError(f"Failed to parse TCP URL '{url}': {e}") from e


def _split_tcp_url(url):
    prefix = "tcp://"
    if not url.startswith(prefix):
        raise ValueError("must start with 'tcp://'")
    host_port = url[len(prefix):]
    if not host_port:
        raise ValueError("missing IP and port")
    ip, colon, port = host_port.partition(":")
    if not colon:
        raise ValueError("missing port separator ':'")
    if ":" in port:
        raise ValueError("IPv6 addresses are not supported")
    if not ip:
        raise ValueError("missing IP address")
    if not _is_valid_ipv4(ip):
        raise ValueError(f"invalid IPv4 address - {ip}")
    if not port:
        raise ValueError("missing port number")
    if not port.isdigit():
        raise ValueError(f"port must be numeric - {port}")
    if not MIN_VALID_PORT <= int(port) <= MAX_VALID_PORT:
        raise ValueError(f"port out of range [{MIN_VALID_PORT}, {MAX_VALID_PORT}] - {port}")
    return ip, int(port)
