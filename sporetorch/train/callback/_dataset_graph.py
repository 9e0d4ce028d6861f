"""MindSpore 2.10's ``DatasetGraph`` (``mindspore.train.callback._dataset_graph``): a dataset pipeline, as
``mindspore.dataset.serialize`` describes it, packed into lineage's ``DatasetGraph`` message."""
import json
import logging

from .. import lineage_pb2

_logger = logging.getLogger("sporetorch")


class DatasetGraph:
    """Pack a dataset pipeline into a ``lineage_pb2.DatasetGraph``."""

    def package_dataset_graph(self, dataset):
        """The ``DatasetGraph`` of ``dataset`` (None when the pipeline cannot be serialized)."""
        from ...dataset import serialize
        try:
            description = serialize(dataset)
        except (TypeError, OSError) as exc:
            _logger.warning("Summary can not collect dataset graph, there is an error in dataset internal, "
                            "detail: %s.", exc)
            return None
        message = lineage_pb2.DatasetGraph()
        if not isinstance(description, dict):
            return message
        if "children" in description:
            children = description.pop("children")
            if children:
                self._package_children(children=children, message=message)
            self._package_current_dataset(operation=description, message=message)
        return message

    def _package_children(self, children, message):
        """Add the child operations (and theirs, recursively) to ``message.children``."""
        for child in children:
            if child:
                child_message = message.children.add()
                grandchildren = child.pop("children")
                if grandchildren:
                    self._package_children(children=grandchildren, message=child_message)
                self._package_current_dataset(operation=child, message=child_message)

    def _package_current_dataset(self, operation, message):
        """Put an operation's map operations, sampler and parameters into ``message``."""
        for key, value in operation.items():
            if value and key == "operations":
                for operator in value:
                    self._package_enhancement_operation(operator, message.operations.add())
            elif value and key == "sampler":
                self._package_enhancement_operation(value, message.sampler)
            else:
                self._package_parameter(key, value, message.parameter)

    def _package_enhancement_operation(self, operation, message):
        """Put a map operation's (or sampler's) settings into ``message``: int sequences as ``size``, other
        sequences as ``weights``, the rest as parameters."""
        if operation is None:
            _logger.warning("Summary cannot collect the operation for dataset graph as the operation is none.")
            return
        for key, value in operation.items():
            if isinstance(value, (list, tuple)):
                if all(isinstance(v, int) for v in value):
                    message.size.extend(value)
                else:
                    message.weights.extend(value)
            else:
                self._package_parameter(key, value, message.operationParam)

    @staticmethod
    def _package_parameter(key, value, message):
        """Record one parameter in the map of its type (str, bool, int, float, list as JSON strings, dict as
        JSON, None as ``"None"``); other types are left out."""
        if isinstance(value, str):
            message.mapStr[key] = value
        elif isinstance(value, bool):
            message.mapBool[key] = value
        elif isinstance(value, int):
            message.mapInt[key] = value
        elif isinstance(value, float):
            message.mapDouble[key] = value
        elif isinstance(value, (list, tuple)) and key != "operations":
            if value:
                message.mapStrList[key].strValue.extend(["" if v is None else json.dumps(v) for v in value])
        elif isinstance(value, dict):
            try:
                message.mapStr[key] = json.dumps(value)
            except TypeError as exc:
                _logger.warning("Transform the value of parameter %r to string failed. Detail: %s.", key, exc)
        elif value is None:
            message.mapStr[key] = "None"
        else:
            _logger.warning("The parameter %r is not recorded, because its type is not supported in event package, "
                            "but got type is %r.", key, type(value).__name__)
