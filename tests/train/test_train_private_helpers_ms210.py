"""MindSpore 2.10's private ``mindspore.train`` helpers (layout redundancy, checkpoint, summary, dataset
and model internals): the calls of _helper_cases.py on sporetorch against the strings MindSpore 2.10 gave
for the same calls."""
import pytest

import sporetorch
from _ms_literals import show
from _helper_cases import all_cases

# MindSpore 2.10 CPU
EXPECTED = {
    'utils/collect': "{(0, 1, 2, 3, 4, 5, 6, 7): [('a', 0)], (0, 4): [('b', 0)], (1, 5): [('b', 1)], (2, 6): [('b', 2)], (3, 7): [('b', 3)], (0, 1, 2, 3): [('w', 0)], (4, 5, 6, 7): [('w', 1)]}",
    'utils/data_broadcast': 'False',
    'utils/initial_rank': '0',
    'utils/load_and_transform': "{'A': 1, 'b': 2}",
    'utils/load_and_transform_none': "{'a': 1, 'b': 2}",
    'utils/mstx_range': "[3, '<lambda>']",
    'utils/pp_size': '8',
    'utils/redundancy': "{'a': ((0, 1, 2, 3, 4, 5, 6, 7),), 'b': ((0, 4), (1, 5), (2, 6), (3, 7)), 'w': ((0, 1, 2, 3), (4, 5, 6, 7))}",
    'utils/redundancy_rank8': "{'a': ((8, 9, 10, 11, 12, 13, 14, 15),), 'b': ((8, 12), (9, 13), (10, 14), (11, 15)), 'w': ((8, 9, 10, 11), (12, 13, 14, 15))}",
    'utils/remove': "[(0, ['a', 'b', 'w']), (1, ['b']), (2, ['b']), (3, ['b']), (4, ['w'])]",
    'utils/remove2': "[(0, ['a', 'b', 'w']), (1, ['a', 'b', 'w']), (2, ['b']), (3, ['b']), (4, ['b', 'w']), (5, ['b', 'w']), (6, ['b']), (7, ['b'])]",
    'utils/strategy_opt_shard': "{'w': ((0, 2), (1, 3)), 'b': ((0, 2), (1, 3))}",
    'utils/strategy_opt_shard_err': 'ERR ValueError For get_parameter_redundancy, the format of the parallel communication domain for the optimizer is incorrect.',
    'utils/strategy_opt_shard_whole': "{'w': ((0, 2), (1, 3))}",
    'utils/without_opt_shard': "{'x': ((0, 1, 2, 3), (4, 5, 6, 7))}",
    'utils/without_opt_shard_3d': "{'x': ((0, 2, 4), (6, 8, 10), (1, 3, 5), (7, 9, 11))}",
    'serialization/async_close': '[None, None, None]',
    'serialization/async_process_save': '8373e11487d6a2567a9a094469e17941',
    'serialization/auto_parallel': 'False',
    'serialization/available_memory': 'int',
    'serialization/check_async_save': "[True, 'thread', 'process']",
    'serialization/check_async_save_str': "ERR ValueError For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread',but got x.",
    'serialization/check_async_save_type': "ERR TypeError For 'save_checkpoint', the parameter 'async_save' must be bool or str, but got <class 'int'>.",
    'serialization/check_file': '<tmp>/base.ckpt',
    'serialization/check_file_absent': "ValueError: For 'load_checkpoint', the checkpoint file: <tmp>/none.ckpt does not exist, please check whether the 'ckpt_file_name' is correct.",
    'serialization/check_file_bytesio': "ERR TypeError ckpt don't support BytesIO as input type, please change to safetensors.",
    'serialization/check_file_bytesio_sft': 'BytesIO',
    'serialization/check_file_format': "ERR ValueError For 'load_checkpoint', the checkpoint file should end with '.ckpt' or '.safetensors', please input the correct 'format'.",
    'serialization/check_file_suffix': "ERR ValueError For 'load_checkpoint', the checkpoint file format must same with 'format', but got file_name:'a.safetensors', format:'ckpt'",
    'serialization/check_file_type': "ERR TypeError For 'load_checkpoint', the argument 'ckpt_file_name' must be string, but got <class 'int'>.",
    'serialization/check_load_dict': "ERR TypeError For 'load_param_into_net', the argument 'parameter_dict' should be a dict, but got <class 'list'>.",
    'serialization/check_load_net': "ERR TypeError For 'load_param_into_net', the argument 'net' should be a Cell, but got <class 'int'>.",
    'serialization/check_load_ok': 'None',
    'serialization/check_load_value': "ERR TypeError For 'parameter_dict', the element in the argument 'parameter_dict' should be a 'str' and 'Parameter' , but got <class 'str'> and <class 'int'>.",
    'serialization/convert_cell': "[('weight', 'Tensor', (3, 2)), ('bias', 'Tensor', (3,))]",
    'serialization/convert_cell_dict': "['weight', 'bias']",
    'serialization/convert_checkpoint_file': "[('N', ([1, 2, 3], 'Int64')), ('h', ([0.5, 1.5], 'Float16')), ('w', ([[0.0, 1.0], [2.0, 3.0]], 'Float32'))]",
    'serialization/convert_dict': "[('a', 'Parameter'), ('s', 'str'), ('p', 'Parameter')]",
    'serialization/convert_dict_key': "ERR TypeError For save_checkpoint, when save_obj is made up by dict, the key should be str andvalue should be Parameter, but got the type of key is <class 'int'> an",
    'serialization/convert_list_bad_data': "ERR TypeError For save_checkpoint, when save_obj is a list of dict items, the data in dict should be parameter, but got <class 'int'>.",
    'serialization/convert_list_bad_item': "ERR TypeError For save_checkpoint, save_obj should be a list of dict items, and the dict should have key values 'name' and 'value', but got <class 'dict'> and {'nam",
    'serialization/convert_list_bad_name': "ERR TypeError For save_checkpoint, when save_obj is a list of dict items, the name in dict should be string, but got <class 'int'>.",
    'serialization/convert_list_bad_param': "ERR TypeError For save_checkpoint, when save_obj is made up by list of Parameter,the param should be parameter, but got <class 'int'>",
    'serialization/convert_list_dicts': "[('x', 'Tensor')]",
    'serialization/convert_list_empty': '[]',
    'serialization/convert_list_params': "[('weight', 'Parameter')]",
    'serialization/convert_save_obj': "['a', 'b']",
    'serialization/convert_save_obj_type': "ERR TypeError For 'save_checkpoint', the argument 'save_obj' must be list、dict or nn.cell, but got <class 'int'>.",
    'serialization/cur_rank_dp': '[0]',
    'serialization/data_file': "[0.0625, 64, 0.0625, 64, '01000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000616263']",
    'serialization/encrypt_data_custom': "b'abck'",
    'serialization/encrypt_data_plain': "b'abc'",
    'serialization/exec_save': '8373e11487d6a2567a9a094469e17941',
    'serialization/exec_save_crc': '0372b799cdc0a11185af5a8260b9ca11',
    'serialization/exec_save_safetensors': '[\'{"__metadata__": {"format": "ms"}, "h": {"data_offsets": [40, 44], "dtype": "F16", "shape": [2]}, "n": {"data_offsets": [0, 24], "dtype": "I64", "shape": [3]}, "w": {"data_offsets": [24, 40], "dtype": "F32", "shape": [2, 2]}}\', \'010000000000000002000000000000000300000000000000000000000000803f00000040000040400038003e\']',
    'serialization/exec_save_safetensors_crc': '[\'{"__metadata__": {"crc_num": "2674461512", "format": "ms"}, "h": {"data_offsets": [40, 44], "dtype": "F16", "shape": [2]}, "n": {"data_offsets": [0, 24], "dtype": "I64", "shape": [3]}, "w": {"data_offsets": [24, 40], "dtype": "F32", "shape": [2, 2]}}\', \'010000000000000002000000000000000300000000000000000000000000803f00000040000040400038003e\']',
    'serialization/export_custom_func': 'ERR ValueError Currently only support custom_func for MindIR format, but got ONNX format.',
    'serialization/file_size_ok': 'None',
    'serialization/file_system': "[('ab',), ('rb',), 'basic', None]",
    'serialization/front_info': '01000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000',
    'serialization/gather_and_process': '[["(\'<tmp>/conv/rank_0/a.ckpt\', \'<tmp>/conv_out/rank_0\', \'a.ckpt\', \'safetensors\')", "(\'<tmp>/conv/rank_1/a.ckpt\', \'<tmp>/conv_out/rank_1\', \'a.ckpt\', \'safetensors\')"], [(\'W\', ([[0.0, 1.0], [2.0, 3.0]], \'Float32\')), (\'h\', ([0.5, 1.5], \'Float16\')), (\'n\', ([1, 2, 3], \'Int64\'))]]',
    'serialization/gather_no_rank': "ValueError: For 'safetensors_to_ckpt', no directories starting with 'rank' found in <tmp>/empty.",
    'serialization/integrate_save_ok': 'None',
    'serialization/integrate_save_pp': "ERR RuntimeError Pipeline Parallel don't support Integrated save checkpoint now.",
    'serialization/integrate_save_split': "ERR RuntimeError For 'save_checkpoint' and in automatic model parallel scene, when set 'integrated_save' to True, the checkpoint will be integrated save, it is only su",
    'serialization/load_ckpt_into': "[('n', ([1, 2, 3], 'Int64', 'n')), ('w', ([[0.0, 1.0], [2.0, 3.0]], 'Float32', 'w'))]",
    'serialization/load_ckpt_into_prefix': "[('w', ([[0.0, 1.0], [2.0, 3.0]], 'Float32', 'w'))]",
    'serialization/load_into_ckpt': "[False, [('h', ([0.5, 1.5], 'Float16', 'h')), ('n', ([1, 2, 3], 'Int64', 'n')), ('w', ([[0.0, 1.0], [2.0, 3.0]], 'Float32', 'w'))]]",
    'serialization/load_into_safetensors': "[False, [('h', ([0.5, 1.5], 'Float16')), ('n', ([1, 2, 3], 'Int64')), ('w', ([[0.0, 1.0], [2.0, 3.0]], 'Float32'))]]",
    'serialization/load_map_parameter': "[[([1, 2, 3], 'int32'), ([[1.0, 1.0], [1.0, 1.0], [3.0, 3.0]], 'float32'), ([0, 0, 0], 'int32')], [2, 2, 2]]",
    'serialization/load_safetensors_into': "[True, [('h', ([0.5, 1.5], 'Float16')), ('w', ([[0.0, 1.0], [2.0, 3.0]], 'Float32'))]]",
    'serialization/load_unsupported': "ERR ValueError For 'load_checkpoint', when format is 'safetensors', the parameter 'dec_mode' must be set to default value 'AES-GCM', but got 'AES-CBC'.",
    'serialization/load_unsupported_ckpt': 'None',
    'serialization/memory_error': "For 'load_checkpoint', the checkpoint protobuf content size 20 bytes exceeds current available memory 10 bytes: f.ckpt. The ckpt format stores protobuf content as a single message that must be read into memory before parsing. Please retry on a machine with more memory, or use safetensors/segmented checkpoints for large model weights.",
    'serialization/memory_error_short': "For 'load_checkpoint', not enough memory to load checkpoint protobuf content: f.ckpt. The ckpt format stores protobuf content as a single message that must be read into memory before parsing. Please retry on a machine with more memory, or use safetensors/segmented checkpoints for large model weights.",
    'serialization/net_size': '0.099609375',
    'serialization/parse_ckpt_proto': "[('w', [2, 2], 'Float32', 16), ('n', [3], 'Int64', 24), ('h', [2], 'Float16', 4)]",
    'serialization/parse_ckpt_proto_bad': 'ValueError: Failed to read the checkpoint file <tmp>/bad.ckpt. The file may be corrupted, and the content cannot be parsed.',
    'serialization/protobuf_size': "ERR _CheckpointProtobufSizeError For 'load_checkpoint', the checkpoint protobuf content size 20 bytes exceeds current available memory 10 bytes: f.ckpt. The ckpt format stores protobu",
    'serialization/protobuf_size_ok': 'None',
    'serialization/remove_redundancy': '[True, False, True, False]',
    'serialization/remove_redundancy_net': 'ERR TypeError The deduplication feature for loading checkpoint can only be used in parallel scenarios, but got stand_alone.',
    'serialization/save_dataset_to_mindir': '[(\'["a"]\', \'["b"]\', \'"Map"\', \'[{"x": 1}]\', False)]',
    'serialization/save_graph': '[None, False]',
    'serialization/save_obj_name': '<tmp>/a.ckpt',
    'serialization/save_obj_name_dir': "ERR IsADirectoryError For 'save_checkpoint', the parameter `ckpt_file_name`: <tmp>/serialization is a directory, it must be a file name.",
    'serialization/save_obj_name_format': "ERR ValueError For 'save_checkpoint', the format must be 'safetensors' or 'ckpt', but got npz.",
    'serialization/save_obj_name_keep': '<tmp>/a.ckpt',
    'serialization/save_obj_name_obj': "ERR TypeError For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, but got <class 'int'>.",
    'serialization/save_obj_name_str': "ERR TypeError For 'save_checkpoint', the parameter 5 for checkpoint file name is invalid,'ckpt_file_name' must be string, but got <class 'int'>.",
    'serialization/save_onnx_cell': "ERR ValueError Export ONNX format model only support nn.Cell object, but got <class 'builtin_function_or_method'>.",
    'serialization/save_param_list_data': "{'k': [[2, 3], 'Float32', 'DATA', 7]}",
    'serialization/save_together': "[True, 'ca0e1d5b84e5846a8f925f5c2868c019']",
    'serialization/save_together_missing': "ERR ValueError There's a mindspore.Parameter that wasn't created in nn.Cell, and mindspore.export() does not support exporting such Parameters. The parameter name is",
    'serialization/save_unsupported': "ERR ValueError For 'save_checkpoint', when format is 'safetensors', the parameter 'global_step_num' must be set to default value 'None', but got '3'.",
    'serialization/save_weight': "[['m_iteration_3.ckpt'], '1df8e89c4cc1bd1094ec9e3b0b2102b2']",
    'serialization/shared_param': "['a', 'b']",
    'serialization/special_process_par': '[True, [1.0, 1.0]]',
    'serialization/special_process_par_no': '[False, [0.0, 0.0]]',
    'serialization/update_param': "[[1.0, 1.0], 'Float32']",
    'serialization/update_param_int_float': "ERR RuntimeError For 'load_param_into_net', p in the argument 'net' should have the same type as p in the argument 'parameter_dict'. but got its type Int32 in the argu",
    'serialization/update_param_shape': "ERR RuntimeError For 'load_param_into_net', p in the argument 'net' should have the same shape as p in the argument 'parameter_dict'. But got its shape (2,) in the arg",
    'serialization/update_param_squeeze': "[[[1.0], [1.0]], 'Float32']",
    'serialization/update_param_strict': "ERR RuntimeError For 'load_param_into_net', p in the argument 'net' should have the same type as p in the argument 'parameter_dict'. but got its type Float32 in the ar",
    'serialization/warm_up': "[False, ['a', 'b'], {}]",
    'serialization/warm_up_enabled': '[True, False]',
    'serialization/warm_up_post': 'None',
    'serialization/whether_load': '[True, False, True, False]',
    'serialization/write_parameter_bytes_data': "[1555573594, '0a240a0177121f080208021207466c6f617433321a10000000000000803f0000004000004040']",
    'serialization/write_parameter_data': "[1555573594, '0a240a0177121f080208021207466c6f617433321a10000000000000803f0000004000004040']",
    'dataset/data_wrapper': "['_DataWrapper', ([mindspore.float32], [[2, 2]]), True, True, '_DataWrapper', ([mindspore.float32], ((-2,),))]",
    'dataset/data_wrapper_runs': 'True',
    'dataset/dataset_aux': "['_DatasetAux', True, None]",
    'dataset/dataset_iter_normal': '[[[[0.0, 1.0], [2.0, 3.0]], [0, 1]], [[[4.0, 5.0], [6.0, 7.0]], [2, 3]]]',
    'dataset/dynamic_sink_graph': '[True, False, False, True, True, False]',
    'dataset/dynamic_sink_pynative': '[True, False, True, True, False, False]',
    'dataset/get_jit_func': 'True',
    'dataset/get_next_op': "['OP', '']",
    'dataset/get_sink_fun': '[True, True, False, True]',
    'dataset/get_sink_fun_info_queue': '[True, True, None]',
    'dataset/has_dynamic_shape': '[False, True, True, False]',
    'dataset/send_data': '[[3, 5], True]',
    'dataset/thor_exec_datagraph': 'None',
    'dataset/thor_send_data': '[[3, 5], True]',
    'dataset/thor_types': '[mindspore.float32, mindspore.int64, mindspore.bool]',
    'dataset/thor_types_shapes': '[[mindspore.float32, mindspore.int64], [[2, 2], [2]]]',
}


@pytest.fixture(scope="module")
def tmp(tmp_path_factory):
    return str(tmp_path_factory.mktemp("helpers"))


@pytest.fixture(scope="module")
def cases(tmp):
    return dict(all_cases(sporetorch, tmp))


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_helper_matches_mindspore(cases, tmp, label):
    assert show(cases[label]).replace(tmp, "<tmp>") == EXPECTED[label]


def test_every_case_has_a_literal(cases):
    assert sorted(cases) == sorted(EXPECTED)
