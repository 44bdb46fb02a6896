"""Small constants shared by the state modules."""
POPCOUNT = tuple(bin(m).count("1") for m in range(1 << 6))
