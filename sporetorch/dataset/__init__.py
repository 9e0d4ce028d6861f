"""`sporetorch.dataset`: MindSpore's dataset API on torch.utils.data."""
from .core import config
from .engine.datasets import (Dataset, MappableDataset, BatchDataset, BatchInfo, ShuffleDataset, MapDataset,
                              RepeatDataset, TakeDataset, SkipDataset, ProjectDataset, RenameDataset, ZipDataset,
                              ConcatDataset, FilterDataset)
from .engine.datasets_user_defined import GeneratorDataset, NumpySlicesDataset
from .engine.datasets_vision import (MnistDataset, Cifar10Dataset, Cifar100Dataset, ImageFolderDataset,
                                     FashionMnistDataset, KMnistDataset, CelebADataset, VOCDataset, CocoDataset)
from .engine.datasets_standard_format import MindDataset, CSVDataset, Shuffle
from .engine.datasets_text import TextFileDataset
from .engine.iterators import TupleIterator, DictIterator
from .engine.samplers import (Sampler, SequentialSampler, RandomSampler, DistributedSampler, SubsetSampler,
                              SubsetRandomSampler, WeightedRandomSampler)
from .engine.datasets import (PaddedBatchDataset, BucketBatchByLengthDataset, SyncWaitDataset,
                              TransferDataset)
from .engine.datasets_user_defined import PaddedDataset, RandomDataset, Schema
from .engine.datasets_vision import FakeImageDataset
from .engine.datasets_text import (AGNewsDataset, AmazonReviewDataset, DBpediaDataset, YahooAnswersDataset,
                                   YelpReviewDataset, SogouNewsDataset, PennTreebankDataset, WikiTextDataset,
                                   EnWik9Dataset, IMDBDataset)
from .engine.samplers import BuiltinSampler, IterSampler, PKSampler
from .engine._callback import DSCallback, WaitedDSCallback
from .engine.validators import (check_add_column, check_batch, check_bucket_batch_by_length, check_concat,
                                check_device_send, check_dict_iterator, check_filter, check_iterator_cleanup,
                                check_map, check_output_shape, check_padded_batch, check_project, check_recv,
                                check_rename, check_repeat, check_save, check_schema, check_send, check_shuffle,
                                check_skip, check_split, check_sync_update, check_sync_wait, check_take,
                                check_to_device_send, check_total_batch, check_tuple_iterator, check_zip,
                                check_zip_dataset)
from .engine.obs import sync_wait_for_dataset
from .engine._utils import (GeneratorType, Enum, MAX_METADATA_LENGTH, Implementation, SentencePieceModel,
                            DE_C_INTER_SENTENCEPIECE_MODE, ShuffleToShuffleMode, OffloadToManualOffloadMode,
                            shuffle_to_shuffle_mode, replace_none, to_list, flatten_single_lists, import_module,
                            select_sampler, int_to_mstype, mstype_to_int, mstype_to_detype, serialize, show, compare,
                            encrypt, worker_is_alive, close_worker, FuncWrapper,
                            ExceptionHandler, DebugHook, DatasetCache, LineReader, BlockReleasePair)
from .engine.datasets_audio import (YesNoDataset, LJSpeechDataset, SpeechCommandsDataset, GTZANDataset,
                                    CMUArcticDataset, LibriTTSDataset)
from .engine.datasets_vision import (EMnistDataset, Caltech256Dataset, Food101Dataset, ManifestDataset,
                                     USPSDataset, SUN397Dataset, Places365Dataset, OmniglotDataset,
                                     FlickrDataset, SBUDataset, DIV2KDataset, SVHNDataset, Flowers102Dataset,
                                     Caltech101Dataset, KITTIDataset, LFWDataset, PhotoTourDataset,
                                     CityscapesDataset,
                                     RenderedSST2Dataset, STL10Dataset, QMnistDataset, SemeionDataset)
from .engine.datasets_text import (SST2Dataset, CoNLL2000Dataset, UDPOSDataset, Multi30kDataset, SQuADDataset,
                                   CLUEDataset, IWSLT2016Dataset, IWSLT2017Dataset)
from .engine.iterators import DummyIterator
from .engine.datasets_tfrecord import TFRecordDataset
from .core.config import (ErrorSamplesMode, get_callback_timeout, get_debug_mode, get_enable_watchdog,
                          get_error_samples_mode, get_multiprocessing_start_method,
                          get_multiprocessing_timeout_interval, get_num_parallel_workers, get_seed, get_video_backend,
                          set_seed, set_video_backend)
from ..common.tensor import Tensor
from . import transforms, vision
from . import audio, text
from .vision import ToNumpy

# MindSpore's class hierarchy: every dataset is one of these; here they are all ``Dataset``.
UnionBaseDataset = VisionBaseDataset = TextBaseDataset = AudioBaseDataset = SourceDataset = Dataset
ITERATORS_LIST = []


def zip(datasets):  # noqa: A001 - mindspore.dataset.zip
    """Join the rows of ``datasets`` (a tuple of Datasets) side by side."""
    return ZipDataset(datasets)


__all__ = ["config", "Dataset", "GeneratorDataset", "NumpySlicesDataset", "MnistDataset", "Cifar10Dataset",
           "Cifar100Dataset", "ImageFolderDataset", "Sampler", "SequentialSampler", "RandomSampler",
           "DistributedSampler", "SubsetSampler", "SubsetRandomSampler", "WeightedRandomSampler", "BatchInfo",
           "transforms", "vision", "zip", "MindDataset", "CSVDataset", "TextFileDataset", "Shuffle",
           "FashionMnistDataset", "KMnistDataset", "CelebADataset", "VOCDataset", "CocoDataset"]
