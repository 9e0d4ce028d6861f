"""Cell containers: ``SequentialCell``, ``CellList`` and ``CellDict``."""
from collections import OrderedDict

from ..cell import Cell


def _check_cell(cell, owner):
    if not isinstance(cell, Cell):
        raise TypeError(f"For '{owner}', each element must be a Cell, but got {type(cell).__name__}")


class SequentialCell(Cell):
    """Run cells in order, feeding each output to the next.

    Args:
        *args: a list of cells, an OrderedDict of named cells, or cells as positional arguments.

    Inputs:
        - **x** (Tensor) - the input of the first cell.

    Outputs:
        The output of the last cell.
    """

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, cell in args[0].items():
                _check_cell(cell, "SequentialCell")
                self.insert_child_to_cell(name, cell)
                cell.update_parameters_name(name + ".")
        elif len(args) == 1 and isinstance(args[0], list):
            for i, cell in enumerate(args[0]):
                _check_cell(cell, "SequentialCell")
                self._append_indexed(i, cell)
        else:
            for i, cell in enumerate(args):
                _check_cell(cell, "SequentialCell")
                self._append_indexed(i, cell)
        self.__dict__["cell_list"] = list(self._cells.values())

    def _append_indexed(self, i, cell):
        self._cells[str(i)] = cell
        cell.update_parameters_name(str(i) + ".")

    def __getitem__(self, index):
        if isinstance(index, slice):
            return type(self)(list(self._cells.values())[index])
        return list(self._cells.values())[index]

    def __setitem__(self, index, cell):
        _check_cell(cell, "SequentialCell")
        key = list(self._cells.keys())[index]
        self._cells[key] = cell
        cell.update_parameters_name(key + ".")
        self.__dict__["cell_list"] = list(self._cells.values())

    def __delitem__(self, index):
        keys = list(self._cells.keys())
        for key in (keys[index] if isinstance(index, slice) else [keys[index]]):
            del self._cells[key]
        self.__dict__["cell_list"] = list(self._cells.values())

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells.values())

    def append(self, cell):
        """Add ``cell`` at the end."""
        _check_cell(cell, "SequentialCell")
        self._append_indexed(len(self._cells), cell)
        self.__dict__["cell_list"] = list(self._cells.values())
        return self

    def set_grad(self, flag=True):
        super().set_grad(flag)
        for cell in self._cells.values():
            cell.set_grad(flag)
        return self

    def construct(self, input_data):
        for cell in self.cell_list:
            input_data = cell(input_data)
        return input_data


class CellList(Cell):
    """A list of cells, indexable and iterable like a Python list.

    Args:
        args (list): the initial cells.
    """

    def __init__(self, *args, **kwargs):
        auto_prefix = kwargs.pop("auto_prefix", True)
        super().__init__(auto_prefix=auto_prefix)
        if len(args) == 1:
            self.extend(args[0])
        elif args:
            raise TypeError(f"For 'CellList', expected at most one list of cells, but got {len(args)} arguments")

    def __getitem__(self, index):
        if isinstance(index, slice):
            return type(self)(list(self._cells.values())[index])
        if not isinstance(index, int):
            raise TypeError(f"For 'CellList', indices must be int or slice, but got {type(index).__name__}")
        return list(self._cells.values())[index]

    def __setitem__(self, index, cell):
        _check_cell(cell, "CellList")
        key = list(self._cells.keys())[index]
        if self._auto_prefix:
            cell.update_parameters_name(key + ".")
        self._cells[key] = cell

    def __delitem__(self, index):
        keys = list(self._cells.keys())
        for key in (keys[index] if isinstance(index, slice) else [keys[index]]):
            del self._cells[key]
        cells = list(self._cells.values())
        self._cells.clear()
        for i, c in enumerate(cells):
            self._cells[str(i)] = c

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells.values())

    def __iadd__(self, cells):
        self.extend(cells)
        return self

    def insert(self, index, cell):
        """Insert ``cell`` before ``index``."""
        _check_cell(cell, "CellList")
        cells = list(self._cells.values())
        cells.insert(index, cell)
        self._cells.clear()
        for i, c in enumerate(cells):
            self._cells[str(i)] = c
        if self._auto_prefix:
            cell.update_parameters_name(str(cells.index(cell)) + ".")

    def extend(self, cells):
        """Append every cell of ``cells``."""
        for cell in cells:
            self.append(cell)
        return self

    def append(self, cell):
        """Append ``cell``."""
        _check_cell(cell, "CellList")
        key = str(len(self._cells))
        if self._auto_prefix:
            cell.update_parameters_name(key + ".")
        self._cells[key] = cell
        return self

    def construct(self, *inputs):
        raise NotImplementedError("CellList is a container and cannot be called; call its elements")


class CellDict(Cell):
    """An ordered mapping of names to cells.

    Args:
        args: a dict or an iterable of ``(name, cell)`` pairs.
    """

    def __init__(self, *args, **kwargs):
        auto_prefix = kwargs.pop("auto_prefix", True)
        super().__init__(auto_prefix=auto_prefix)
        if len(args) == 1:
            self.update(args[0])

    def __getitem__(self, key):
        return self._cells[key]

    def __setitem__(self, key, cell):
        _check_cell(cell, "CellDict")
        if not isinstance(key, str) or "." in key or not key:
            raise KeyError(f"For 'CellDict', keys must be non-empty str without '.', but got {key!r}")
        if self._auto_prefix:
            cell.update_parameters_name(key + ".")
        self._cells[key] = cell

    def __delitem__(self, key):
        del self._cells[key]

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells)

    def __contains__(self, key):
        return key in self._cells

    def clear(self):
        self._cells.clear()

    def pop(self, key):
        return self._cells.pop(key)

    def keys(self):
        return self._cells.keys()

    def values(self):
        return self._cells.values()

    def items(self):
        return self._cells.items()

    def update(self, cells):
        """Add ``(name, cell)`` pairs from a mapping or an iterable."""
        items = cells.items() if hasattr(cells, "items") else cells
        for key, cell in items:
            self[key] = cell

    def construct(self, *inputs):
        raise NotImplementedError("CellDict is a container and cannot be called; call its elements")
