"""``mint.nn`` layer families, one module each."""
