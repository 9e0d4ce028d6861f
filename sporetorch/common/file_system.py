"""MindSpore 2.10's ``mindspore.common.file_system``: the functions checkpoint saving and loading open files
with. The basic backend is Python's ``open``; MindIO's backend is Ascend-only."""
mindio_server_info = None


class FileSystem:
    """File operations of a backend: ``create``/``create_args`` for writing, ``open``/``open_args`` for
    reading, and the backend's name."""

    def __init__(self):
        self.create = open
        self.create_args = ("ab",)
        self.open = open
        self.open_args = ("rb",)
        self.backend = "basic"


def _register_basic_file_system(fs: FileSystem):
    """Point ``fs`` at Python's ``open`` (append-binary to create, read-binary to open); returns True."""
    fs.create = open
    fs.create_args = ("ab",)
    fs.open = open
    fs.open_args = ("rb",)
    return True
