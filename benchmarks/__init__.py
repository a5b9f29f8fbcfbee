"""Speed figures, each a ratio to a straight-line reference of the same game measured in
the same process (so a noisy machine does not matter). Run ``python -m benchmarks``."""
