"""MindSpore's argument-check decorators of the Dataset methods (``check_batch``, ...).

Each decorator binds the call to the method's signature first, so a wrong or missing
argument is a ``TypeError`` naming the operation before the pipeline is touched; the
value checks themselves live in the operation classes (``BatchDataset``...), which raise
MindSpore's ``ValueError``/``TypeError``.
"""
import collections.abc
import inspect
import re
import types

from ..core.validator_helpers import INT32_MAX, check_independent_mode, check_pos_int32, check_value, type_check
from ..core.validator_helpers import binding_check as _binding_check


check_batch = _binding_check("batch")
check_padded_batch = _binding_check("padded_batch")
check_bucket_batch_by_length = _binding_check("bucket_batch_by_length")
check_sync_wait = _binding_check("sync_wait")
check_sync_update = _binding_check("sync_update")
check_shuffle = _binding_check("shuffle")
check_map = _binding_check("map")
check_filter = _binding_check("filter")
check_repeat = _binding_check("repeat")
check_skip = _binding_check("skip")
check_take = _binding_check("take")
check_zip = _binding_check("zip")
check_zip_dataset = _binding_check("zip")
check_concat = _binding_check("concat")
check_rename = _binding_check("rename")
check_project = _binding_check("project")
check_split = _binding_check("split")
check_save = _binding_check("save")
check_tuple_iterator = _binding_check("create_tuple_iterator")
check_dict_iterator = _binding_check("create_dict_iterator")
check_device_send = _binding_check("device_que")
check_to_device_send = _binding_check("to_device")
check_send = _binding_check("send")
check_recv = _binding_check("recv")
check_output_shape = _binding_check("output_shapes")
check_add_column = _binding_check("add_column")
check_schema = _binding_check("Schema")
check_cmu_arctic_dataset = _binding_check("cmu_arctic_dataset")
check_gtzan_dataset = _binding_check("gtzan_dataset")
check_imagefolderdataset = _binding_check("imagefolderdataset")
check_imdb_dataset = _binding_check("imdb_dataset")
check_iwslt2016_dataset = _binding_check("iwslt2016_dataset")
check_iwslt2017_dataset = _binding_check("iwslt2017_dataset")
check_kittidataset = _binding_check("kittidataset")
check_lsun_dataset = _binding_check("lsun_dataset")
check_mnist_cifar_dataset = _binding_check("mnist_cifar_dataset")
check_omniglotdataset = _binding_check("omniglotdataset")
check_photo_tour_dataset = _binding_check("photo_tour_dataset")
check_places365_dataset = _binding_check("places365_dataset")
check_qmnist_dataset = _binding_check("qmnist_dataset")
check_manifestdataset = _binding_check("manifestdataset")
check_sbu_dataset = _binding_check("sbu_dataset")
check_sogou_news_dataset = _binding_check("sogou_news_dataset")
check_tfrecorddataset = _binding_check("tfrecorddataset")
check_udpos_dataset = _binding_check("udpos_dataset")
check_usps_dataset = _binding_check("usps_dataset")
check_caltech101_dataset = _binding_check("caltech101_dataset")
check_caltech256_dataset = _binding_check("caltech256_dataset")
check_vocdataset = _binding_check("vocdataset")
check_cocodataset = _binding_check("cocodataset")
check_celebadataset = _binding_check("celebadataset")
check_libri_tts_dataset = _binding_check("libri_tts_dataset")
check_lj_speech_dataset = _binding_check("lj_speech_dataset")
check_lfw_dataset = _binding_check("lfw_dataset")
check_minddataset = _binding_check("minddataset")
check_generator_dataset = _binding_check("generator_dataset")
check_random_dataset = _binding_check("random_dataset")
check_rendered_sst2_dataset = _binding_check("rendered_sst2_dataset")
check_positive_int32 = _binding_check("positive_int32")
check_cluedataset = _binding_check("cluedataset")
check_csvdataset = _binding_check("csvdataset")
check_flowers102dataset = _binding_check("flowers102dataset")
check_textfiledataset = _binding_check("textfiledataset")
check_penn_treebank_dataset = _binding_check("penn_treebank_dataset")
check_numpy_slices_dataset = _binding_check("numpy_slices_dataset")
check_padded_dataset = _binding_check("padded_dataset")
check_emnist_dataset = _binding_check("emnist_dataset")
check_flickr_dataset = _binding_check("flickr_dataset")
check_food101_dataset = _binding_check("food101_dataset")
check_sb_dataset = _binding_check("sb_dataset")
check_speech_commands_dataset = _binding_check("speech_commands_dataset")
check_squad_dataset = _binding_check("squad_dataset")
check_cityscapes_dataset = _binding_check("cityscapes_dataset")
check_div2k_dataset = _binding_check("div2k_dataset")
check_fake_image_dataset = _binding_check("fake_image_dataset")
check_ag_news_dataset = _binding_check("ag_news_dataset")
check_dbpedia_dataset = _binding_check("dbpedia_dataset")
check_wider_face_dataset = _binding_check("wider_face_dataset")
check_yelp_review_dataset = _binding_check("yelp_review_dataset")
check_yes_no_dataset = _binding_check("yes_no_dataset")
check_tedlium_dataset = _binding_check("tedlium_dataset")
check_svhn_dataset = _binding_check("svhn_dataset")
check_sst2_dataset = _binding_check("sst2_dataset")
check_stl10_dataset = _binding_check("stl10_dataset")
check_sun397_dataset = _binding_check("sun397_dataset")
check_yahoo_answers_dataset = _binding_check("yahoo_answers_dataset")
check_conll2000_dataset = _binding_check("conll2000_dataset")
check_amazon_review_dataset = _binding_check("amazon_review_dataset")
check_semeion_dataset = _binding_check("semeion_dataset")
check_wiki_text_dataset = _binding_check("wiki_text_dataset")
check_en_wik9_dataset = _binding_check("en_wik9_dataset")
check_multi30k_dataset = _binding_check("multi30k_dataset")
check_obsminddataset = _binding_check("obsminddataset")


def check_total_batch(total_batch):
    """``total_batch`` must be a positive int."""
    if isinstance(total_batch, bool) or not isinstance(total_batch, int) or total_batch <= 0:
        raise TypeError(f"The total_batch must be a positive int, but got {total_batch!r}")


def check_iterator_cleanup():
    """Nothing to check: iterators release their workers when they are stopped or collected."""


def check_source_function(source):
    """The text GeneratorDataset hashes to tell sources apart: the closure variables and source code of the
    function, or of the class's ``__init__`` and ``__getitem__``/``__next__``; ``""`` when the source of a
    function cannot be read."""
    variables, text = (), ""
    if isinstance(source, types.FunctionType):
        try:
            variables, text = inspect.getclosurevars(source), inspect.getsource(source)
        except OSError:
            return ""
        return str(variables) + text
    members = source.__class__.__dict__
    try:
        for name in ("__init__", "__getitem__" if "__getitem__" in members else "__next__"):
            if name in members:
                variables = variables + inspect.getclosurevars(members[name])
                text = text + inspect.getsource(members[name])
    except (TypeError, OSError):
        pass
    return str(variables) + text


def check_batch_sampler(batch_sampler, num_samples, shuffle, num_shards, shard_id, sampler, collate_fn):
    """GeneratorDataset's ``batch_sampler`` excludes the other sampling arguments; ``collate_fn`` needs it."""
    from .samplers import BuiltinSampler
    if batch_sampler is not None:
        if not all(param is None for param in (num_samples, shuffle, num_shards, shard_id, sampler)):
            raise ValueError("batch_sampler is mutually exclusive with num_samples, shuffle, num_shards, "
                             "shard_id and sampler.")
        if not isinstance(batch_sampler, (BuiltinSampler, collections.abc.Iterable)):
            raise TypeError("batch_sampler should have __getitem__ or __iter__ method.")
    if collate_fn is not None:
        if batch_sampler is None:
            raise ValueError("collate_fn can be specified only when batch_sampler is set.")
        if not callable(collate_fn):
            raise TypeError("collate_fn should be callable.")


def check_valid_map_style_dataset(source, sampler, batch_sampler, num_shards):
    """Samplers and sharding need a random-access source (one with ``__getitem__``)."""
    if hasattr(source, "__getitem__"):
        return
    for name, value in (("sampler", sampler), ("batch_sampler", batch_sampler), ("num_shards", num_shards)):
        if value is not None:
            raise ValueError(f"{name} is not supported if source does not have attribute '__getitem__'.")


def check_pad_info(key, val):
    """One ``pad_info`` entry of ``padded_batch``: a column name and a (shape, pad_value) pair."""
    type_check(key, (str,), "key in pad_info")
    if val is None:
        return
    if len(val) != 2:
        raise ValueError("value of pad_info should be a tuple of size 2.")
    type_check(val, (tuple,), "value in pad_info")
    if val[0] is not None:
        type_check(val[0], (list,), "shape in pad_info")
        for dim in val[0]:
            if dim is not None:
                check_pos_int32(dim, "dim of shape in pad_info")
    if val[1] is not None:
        type_check(val[1], (int, float, str, bytes), "pad_value")


def get_batch_kwargs_from_dict(param_dict):
    """(per_batch_map, input_columns, output_columns, python_multiprocessing, max_rowsize) of a batch's
    keyword dict; all None without one."""
    if param_dict is None:
        return None, None, None, None, None
    return (param_dict.get("per_batch_map", None), param_dict.get("input_columns", None),
            param_dict.get("output_columns", None), param_dict.get("python_multiprocessing", False),
            param_dict.get("max_rowsize", None))


def get_map_kwargs_from_dict(param_dict):
    """(python_multiprocessing, max_rowsize, cache, callbacks, offload) of a map's keyword dict; all None
    without one."""
    if param_dict is None:
        return None, None, None, None, None
    return (param_dict.get("python_multiprocessing", False), param_dict.get("max_rowsize", None),
            param_dict.get("cache", None), param_dict.get("callbacks", None), param_dict.get("offload", None))


def check_max_rowsize(max_rowsize):
    """None, an int in [-1, INT32_MAX], or an [in_rowsize, out_rowsize] pair of them."""
    if max_rowsize is None:
        return
    type_check(max_rowsize, (int, list), "max_rowsize")
    if isinstance(max_rowsize, int):
        check_value(max_rowsize, [-1, INT32_MAX], "max_rowsize")
    elif len(max_rowsize) == 2:
        for i, value in enumerate(max_rowsize):
            type_check(value, (int,), f"max_rowsize[{i}]")
            # MindSpore 2.10's message spells the name "max_rowsizei".
            check_value(value, [-1, INT32_MAX], f"max_rowsizei[{i}]")
    else:
        raise TypeError("max_rowsize should be a single integer or a list[in_rowsize, out_rowsize] of length 2.")


_HOST_LABEL = re.compile("(?!-)[A-Z\\d-]{1,63}(?<!-)$", re.IGNORECASE)


def check_hostname(hostname):
    """Whether ``hostname`` is a valid DNS host name (labels of 1-63 letters, digits and inner hyphens).

    Differences from MindSpore: MindSpore 2.10's module lacks the ``re`` import, so a nonempty name raises
    ``NameError`` there; here it gets the answer the function's body computes."""
    if not hostname or len(hostname) > 255:
        return False
    if hostname[-1] == ".":
        hostname = hostname[:-1]
    return all(_HOST_LABEL.match(label) for label in hostname.split("."))


def check_cache_option(cache):
    """None or a DatasetCache (not in Dataset Independent mode)."""
    if cache is not None:
        from ._utils import DatasetCache
        type_check(cache, (DatasetCache,), "cache")
        check_independent_mode("Dataset Cache")
