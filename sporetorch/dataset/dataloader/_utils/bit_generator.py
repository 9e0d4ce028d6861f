"""NumPy's ``SeedSequence`` mixing in plain Python (``mindspore.dataset.dataloader._utils.bit_generator``): the
data loader seeds each worker's NumPy generator with ``seed_sequence(base_seed, worker_id)``, four 32-bit words."""
DEFAULT_POOL_SIZE = 4
INIT_A = 0x43b0d7e5
MULT_A = 0x931e8875
INIT_B = 0x8b51f9dd
MULT_B = 0x58f38ded
MIX_MULT_L = 0xca01f9dd
MIX_MULT_R = 0x4973f715
XSHIFT = 16
MASK32 = 0xFFFFFFFF


def hashmix(value, hash_const):
    """One hash step of ``value``; returns (hashed value, next hash constant)."""
    value = (value ^ hash_const) & MASK32
    hash_const = (hash_const * MULT_A) & MASK32
    value = (value * hash_const) & MASK32
    return (value ^ (value >> XSHIFT)) & MASK32, hash_const


def mix(x, y):
    """Combine two 32-bit words."""
    result = ((MIX_MULT_L * x) & MASK32) - ((MIX_MULT_R * y) & MASK32) & MASK32
    return (result ^ (result >> XSHIFT)) & MASK32


def mix_entropy(entropy_array):
    """The entropy pool of four words: each word hashed, then every word mixed into every other."""
    hash_const = INIT_A
    pool = [0] * DEFAULT_POOL_SIZE
    for i in range(DEFAULT_POOL_SIZE):
        pool[i], hash_const = hashmix(entropy_array[i], hash_const)
    for src in range(DEFAULT_POOL_SIZE):
        for dst in range(DEFAULT_POOL_SIZE):
            if src != dst:
                value, hash_const = hashmix(pool[src], hash_const)
                pool[dst] = mix(pool[dst], value)
    return pool


def generate_state(pool):
    """The four output words of a pool."""
    hash_const = INIT_B
    state = [0] * DEFAULT_POOL_SIZE
    for i, value in enumerate(pool):
        value = (value ^ hash_const) & MASK32
        hash_const = (hash_const * MULT_B) & MASK32
        value = (value * hash_const) & MASK32
        state[i] = (value ^ (value >> XSHIFT)) & MASK32
    return state


def seed_sequence(base_seed, worker_id):
    """The four-word seed of worker ``worker_id`` under ``base_seed`` (64-bit)."""
    return generate_state(mix_entropy([worker_id, base_seed & MASK32, base_seed >> 32, 0]))
