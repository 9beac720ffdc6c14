#!/usr/bin/env python3
"""Writes the gzip fixtures that GzipPythonTests reads: JSON Lines and a JSON array, each
plain and as Python's gzip module writes them, at every compression level. Run it here
to remake them; the output is the same every time (mtime is fixed)."""
import gzip, io, json

def record(i):
    names = ["Ada", 'Grace "Amazing"', "Zoë", "李小龍", "emoji 🎉", "tab\there", "back\\slash"]
    return {"id": i, "name": f"{names[i % len(names)]} {i}", "score": i * 1.25 - 7.5,
            "ok": i % 3 == 0, "gone": None, "tags": [f"t{j * i}" for j in range(i % 5)],
            "at": {"x": i * 31 % 97, "y": [i, -i]}, "big": 2 ** 63 + i, "text": "lorem ipsum " * (i % 7)}

records = [record(i) for i in range(200)]
lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode()
array = ("[\n  " + ",\n  ".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n]\n").encode()

def write(name, data):
    with open(name, "wb") as f:
        f.write(data)

write("lines.jsonl", lines)
write("array.json", array)
for level in range(10):
    write(f"lines-{level}.jsonl.gz", gzip.compress(lines, compresslevel=level, mtime=0))
# What gzip.open writes: the file name (FNAME) in the header.
named = io.BytesIO()
with gzip.GzipFile(filename="array.json", mode="wb", fileobj=named, compresslevel=9, mtime=1700000000) as f:
    f.write(array)
write("array.json.gz", named.getvalue())
