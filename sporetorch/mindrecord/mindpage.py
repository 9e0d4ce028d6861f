"""``MindPage``: look rows of a MindRecord file up by the value of one index field."""
import json

from ._shard import ShardFile, shard_paths
from .exceptions import MRMDefineCategoryError, ParamTypeError, ParamValueError


class MindPage:
    """Browse a MindRecord file by category (the values of one index field).

    Args:
        file_name (str or list[str]): the MindRecord file(s), as for ``FileReader``.
        num_consumer (int): accepted. Default: 4.
    """

    def __init__(self, file_name, num_consumer=4):
        if not isinstance(file_name, (str, list)):
            raise ParamTypeError("file_name", "str or list")
        self._shards = [ShardFile(p) for p in shard_paths(file_name)]
        self._candidates = [f["index_field"] for f in (self._shards[0].header.get("index_fields") or [])]
        self._category_field = None

    def get_category_fields(self):
        """The fields that can serve as the category (the index fields)."""
        return list(self._candidates)

    @property
    def candidate_fields(self):
        return self.get_category_fields()

    def set_category_field(self, category_field):
        """Choose the field whose values are the categories."""
        if not isinstance(category_field, str):
            raise ParamTypeError("category_field", "str")
        if category_field not in self._candidates:
            raise MRMDefineCategoryError(f"Field '{category_field}' is not one of the candidate fields "
                                         f"{self._candidates}.")
        self._category_field = category_field
        return 0

    @property
    def category_field(self):
        return self._category_field

    @category_field.setter
    def category_field(self, value):
        self.set_category_field(value)

    def _rows(self):
        for shard in self._shards:
            for k in range(len(shard)):
                raw, blob = shard.read(k)
                yield {**raw, **blob}

    def _categories(self):
        if self._category_field is None:
            raise MRMDefineCategoryError("Call set_category_field first.")
        groups = {}
        for row in self._rows():
            groups.setdefault(row[self._category_field], []).append(row)
        return sorted(groups.items(), key=lambda kv: kv[0])

    def read_category_info(self):
        """A JSON string listing each category's id, name and row count."""
        cats = self._categories()
        return json.dumps({"categories": [{"count": len(rows), "id": k, "name": str(name)}
                                          for k, (name, rows) in enumerate(cats)]})

    def _page(self, rows, page, num_row):
        for name, value in (("page", page), ("num_row", num_row)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ParamValueError(f"Parameter {name} should be a non-negative int, but got {value!r}.")
        return rows[page * num_row:(page + 1) * num_row]

    def read_at_page_by_id(self, category_id, page, num_row):
        """Rows ``page * num_row`` to ``(page + 1) * num_row`` of category number ``category_id``."""
        cats = self._categories()
        if isinstance(category_id, bool) or not isinstance(category_id, int) or not 0 <= category_id < len(cats):
            raise ParamValueError(f"Parameter category_id {category_id!r} is out of range [0, {len(cats)}).")
        return self._page(cats[category_id][1], page, num_row)

    def read_at_page_by_name(self, category_name, page, num_row):
        """The same, for the category whose value is ``category_name``."""
        for name, rows in self._categories():
            if str(name) == str(category_name):
                return self._page(rows, page, num_row)
        return []
