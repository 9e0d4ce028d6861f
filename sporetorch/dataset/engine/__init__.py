"""The pipeline engine: datasets, samplers, iterators."""
