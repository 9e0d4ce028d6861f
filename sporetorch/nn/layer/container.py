"""Cell containers: ``SequentialCell``, ``CellList`` and ``CellDict``.

Children are keyed ``"0"``, ``"1"``, ... (or by the names of an OrderedDict) and their
Parameters are named ``<key>.<path>``. A container that is already part of a network
keeps the network's prefix when cells are appended, inserted or deleted later
(``layers.2.weight``), as MindSpore 2.10 does.
"""
from collections import OrderedDict

from ..cell import Cell


def _check_cell(cell, owner):
    if isinstance(cell, Cell):
        return
    if owner == "SequentialCell":
        raise TypeError("For 'insert_child_to_cell', the argument 'child_cell' must be 'Cell' if not None, "
                        f"but got type {type(cell)}.")
    raise TypeError(f"For '{owner}', each cell must be subclass of Cell, but got {type(cell).__name__}.")


def _valid_index(count, index, owner, inserting=False):
    """Return ``index`` in ``[0, count)`` (``[0, count]`` when inserting) or raise as MindSpore does."""
    if not isinstance(index, int) or isinstance(index, bool):
        raise TypeError(f"For '{owner}', the type of 'index' must be int, but got {type(index).__name__}.")
    high = count + 1 if inserting else count
    if not -count <= index < high:
        closing = f"{count}]" if inserting else f"{count})"
        raise IndexError(f"For '{owner}', the value of 'index' must be a number in range [{-count}, {closing}, "
                         f"but got {index}.")
    return index + count if index < 0 else index


def _prefix_and_depth(cells):
    """The name prefix the children's Parameters already carry (``"layers."`` once the container
    is the attribute ``layers`` of a network) and the position of the child key in their names."""
    found = []
    for key, cell in cells.items():
        first = next(iter(cell.get_parameters()), None) if cell is not None else None
        if first is not None:
            found.append((key, first.name.split(".")))
            if len(found) == 2:
                break
    if not found:
        return "", 0
    key, parts = found[0]
    positions = [i for i, part in enumerate(parts[:-1]) if part == key]
    if not positions:
        return "", 0
    depth = positions[-1]
    if len(found) == 2:
        key2, parts2 = found[1]
        depth = next((i for i in positions if len(parts2) > i and parts2[i] == key2), depth)
    prefix = ".".join(parts[:depth])
    return (prefix + "." if prefix else ""), depth


# MindSpore 2.10's names for these checks (its own messages).
_get_prefix_and_index = _prefix_and_depth


def _valid_cell(cell, op_name=None):
    """True for a Cell; TypeError (naming ``op_name``) otherwise."""
    if isinstance(cell, Cell):
        return True
    msg_prefix = f"For '{op_name}'," if op_name else ""
    raise TypeError(f'{msg_prefix} each cell must be subclass of Cell, but got {type(cell).__name__}.')


def _valid_index_for_inserting(cell_num, index, op_name=None):
    """The position in ``[0, cell_num]`` that inserting at ``index`` puts a cell (negative counts from the
    end); TypeError for a non-int, IndexError outside ``[-cell_num, cell_num]``."""
    msg_prefix = f"For '{op_name}', the" if op_name else "The"
    if not isinstance(index, int):
        raise TypeError(f"{msg_prefix} type of 'index' must be int, but got {type(index).__name__}.")
    if not -cell_num <= index <= cell_num:
        raise IndexError(f"{msg_prefix} value of 'index' must be a number in range [{-cell_num}, {cell_num}], "
                         f"but got {index}.")
    return index % cell_num if (cell_num != 0 and index != cell_num) else index


def _rename_child(cell, prefix, key, depth):
    """Rename ``cell``'s Parameters from ``<prefix><old key>.<path>`` to ``<prefix><key>.<path>``."""
    for _, param in cell.parameters_and_names():
        param.name = prefix + key + "." + ".".join(param.name.split(".")[depth + 1:])


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
        self.__dict__["_is_dynamic_name"] = []
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, cell in args[0].items():
                _check_cell(cell, "SequentialCell")
                self.insert_child_to_cell(name, cell)
                cell.update_parameters_name(name + ".")
                self._is_dynamic_name.append(False)
        else:
            cells = args[0] if len(args) == 1 and isinstance(args[0], list) else args
            for i, cell in enumerate(cells):
                _check_cell(cell, "SequentialCell")
                self.insert_child_to_cell(str(i), cell)
                cell.update_parameters_name(str(i) + ".")
                self._is_dynamic_name.append(True)
        self._sync()

    def _sync(self):
        self.__dict__["cell_list"] = list(self._cells.values())

    def __getitem__(self, index):
        if isinstance(index, slice):
            return type(self)(OrderedDict(list(self._cells.items())[index]))
        index = _valid_index(len(self), index, type(self).__name__)
        return list(self._cells.values())[index]

    def __setitem__(self, index, cell):
        _check_cell(cell, "SequentialCell")
        prefix, _ = _prefix_and_depth(self._cells)
        key = list(self._cells.keys())[_valid_index(len(self), index, type(self).__name__)]
        self._cells[key] = cell
        cell.update_parameters_name(prefix + key + ".")
        self._sync()

    def __delitem__(self, index):
        owner = type(self).__name__
        keys = list(self._cells.keys())
        if isinstance(index, slice):
            doomed = set(range(len(keys))[index])
        elif isinstance(index, int):
            doomed = {_valid_index(len(keys), index, owner)}
        else:
            raise TypeError(f"For '{owner}', the type of index must be int type or slice type, "
                            f"but got {type(index).__name__}")
        for i in doomed:
            del self._cells[keys[i]]
        dynamic = [flag for i, flag in enumerate(self._is_dynamic_name) if i not in doomed]
        prefix, depth = _prefix_and_depth(self._cells)
        cells = OrderedDict()
        for idx, (key, cell) in enumerate(self._cells.items()):
            if dynamic[idx]:
                key = str(idx)
                _rename_child(cell, prefix, key, depth)
            cells[key] = cell
        self.__dict__["_cells"] = cells
        self.__dict__["_is_dynamic_name"] = dynamic
        self._sync()

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells.values())

    def __bool__(self):
        return len(self._cells) != 0

    def append(self, cell):
        """Add ``cell`` at the end; returns self."""
        _check_cell(cell, "SequentialCell")
        prefix, _ = _prefix_and_depth(self._cells)
        key = str(len(self))
        cell.update_parameters_name(prefix + key + ".")
        self._cells[key] = cell
        self._is_dynamic_name.append(True)
        self._sync()
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
    """A list of cells, indexable and iterable like a Python list. It cannot be called.

    Args:
        args (list): the initial cells.
        auto_prefix (bool): whether the cells' Parameters are renamed ``<index>.<path>``. Default: True.
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
            return CellList(list(self._cells.values())[index])
        if isinstance(index, int) and not isinstance(index, bool):
            return self._cells[str(_valid_index(len(self), index, "CellList"))]
        raise TypeError(f"For 'CellList', the type of 'index' must be int or slice, but got {type(index).__name__}.")

    def __setitem__(self, index, cell):
        _check_cell(cell, "CellList")
        index = _valid_index(len(self), index, "CellList")
        if self._auto_prefix:
            prefix, _ = _prefix_and_depth(self._cells)
            cell.update_parameters_name(prefix + str(index) + ".")
        self._cells[str(index)] = cell

    def __delitem__(self, index):
        if isinstance(index, slice):
            keys = list(self._cells.keys())[index]
        elif isinstance(index, int):
            keys = [str(_valid_index(len(self), index, "CellList"))]
        else:
            raise TypeError(f"For 'CellList', the type of 'index' must be int or slice, "
                            f"but got {type(index).__name__}.")
        for key in keys:
            del self._cells[key]
        self._renumber()

    def _renumber(self):
        prefix, depth = _prefix_and_depth(self._cells)
        cells = OrderedDict()
        for idx, cell in enumerate(self._cells.values()):
            if self._auto_prefix:
                _rename_child(cell, prefix, str(idx), depth)
            cells[str(idx)] = cell
        self.__dict__["_cells"] = cells

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells.values())

    def __bool__(self):
        return len(self._cells) != 0

    def __iadd__(self, cells):
        self.extend(cells)
        return self

    def insert(self, index, cell):
        """Insert ``cell`` before ``index``."""
        index = _valid_index(len(self), index, "CellList", inserting=True)
        _check_cell(cell, "CellList")
        prefix, depth = _prefix_and_depth(self._cells)
        cells = list(self._cells.values())
        for i in range(len(cells) - 1, index - 1, -1):
            if self._auto_prefix:
                _rename_child(cells[i], prefix, str(i + 1), depth)
            self._cells[str(i + 1)] = cells[i]
        self._cells[str(index)] = cell
        if self._auto_prefix:
            cell.update_parameters_name(prefix + str(index) + ".")

    def extend(self, cells):
        """Append every cell of ``cells``; returns self."""
        if not isinstance(cells, (list, tuple, CellList)):
            raise TypeError(f"For 'CellList', the new cells wanted to append should be instance of list, "
                            f"but got {type(cells).__name__}.")
        for cell in cells:
            self.append(cell)
        return self

    def append(self, cell):
        """Append ``cell``; returns self."""
        _check_cell(cell, "CellList")
        key = str(len(self._cells))
        if self._auto_prefix:
            prefix, _ = _prefix_and_depth(self._cells)
            cell.update_parameters_name(prefix + key + ".")
        self._cells[key] = cell
        return self

    def construct(self, *inputs):
        raise NotImplementedError


class CellDict(Cell):
    """An ordered mapping of names to cells. It cannot be called.

    Args:
        args: a dict or an iterable of ``(name, cell)`` pairs.
        auto_prefix (bool): whether the cells' Parameters are renamed ``<key>.<path>``. Default: True.
    """

    def __init__(self, *args, **kwargs):
        auto_prefix = kwargs.pop("auto_prefix", True)
        super().__init__(auto_prefix=auto_prefix)
        if len(args) == 1:
            self.update(args[0])

    def __getitem__(self, key):
        return self._cells[key]

    def __setitem__(self, key, cell):
        if not isinstance(key, str):
            raise TypeError(f"For 'CellDict', the type of key should be string but got {type(key).__name__}.")
        if not key:
            raise KeyError(f'For \'CellDict\', key can not be empty string "", but got key {key}')
        if "." in key:
            raise KeyError(f"For 'CellDict', key can not contain \".\", but got key {key}")
        if not isinstance(cell, Cell):
            raise TypeError(f"For 'CellDict', the type of cell should be Cell, but got {type(cell).__name__}.")
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
        """Remove ``key`` and return its cell."""
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
        raise NotImplementedError


class _CellListBase:
    """MindSpore's marker interface of a Cell that acts as a list of Cells (``__cell_as_list__``)."""

    def __init__(self):
        self.__cell_as_list__ = True

    def __len__(self):
        raise NotImplementedError

    def __getitem__(self, index):
        raise NotImplementedError

    def construct(self):
        raise NotImplementedError


class _CellDictBase:
    """MindSpore's marker interface of a Cell that acts as a dict of Cells (``__cell_as_dict__``)."""

    def __init__(self):
        self.__cell_as_dict__ = True

    def __len__(self):
        raise NotImplementedError

    def __getitem__(self, index):
        raise NotImplementedError

    def construct(self):
        raise NotImplementedError
