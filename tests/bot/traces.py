"""Counting what is left of a member in SQLite's files: their id as text, and as SQLite
stores the integer (8 bytes big-endian in a record, a varint as a rowid)."""

from __future__ import annotations

from pathlib import Path


def varint(value: int) -> bytes:
    """SQLite's big-endian varint: 7 bits a byte, the ninth byte (if any) 8 bits."""
    if value > 0x00FFFFFFFFFFFFFF:
        head = value >> 8
        groups = [(head >> (7 * i)) & 0x7F for i in range(8)][::-1]
        return bytes(g | 0x80 for g in groups) + bytes([value & 0xFF])
    groups = []
    while True:
        groups.append(value & 0x7F)
        value >>= 7
        if not value:
            break
    groups.reverse()
    return bytes(g | 0x80 for g in groups[:-1]) + bytes([groups[-1]])


def id_copies(database: Path, user_id: int) -> dict[str, int]:
    """Occurrences of the id in the database file and each of its companions (-wal, -shm)."""
    patterns = (str(user_id).encode(), user_id.to_bytes(8, "big"), varint(user_id))
    return {
        file.name: sum(file.read_bytes().count(pattern) for pattern in patterns)
        for file in sorted(database.parent.glob(database.name + "*"))
    }
