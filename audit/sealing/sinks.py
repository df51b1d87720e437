"""Where checkpoints are written outside the database.

A sink keeps every checkpoint line and never lets one be replaced. The default,
:class:`FolderSink`, writes one file per checkpoint into a folder (on a volume the database's
host cannot write to, in production), created exclusively and fsynced with its folder. A
write-once object store (an S3 bucket with Object Lock in compliance mode, for example) plugs
in as a class with the same two methods, named in ``AUDIT_CHECKPOINTS["SINK"]``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Protocol


class CheckpointSinkError(RuntimeError):
    """A checkpoint could not be written, or a different one is already there."""


class CheckpointSink(Protocol):
    """Append-only storage of checkpoint lines, by number."""

    def append(self, number: int, line: str) -> None:
        """Store ``line`` as checkpoint ``number``, durably, before returning. Storing the
        same line again is allowed (a retried export); a different line under a number
        already stored is refused with :class:`CheckpointSinkError`."""
        ...

    def lines(self) -> list[tuple[int, str]]:
        """Every stored checkpoint ``(number, line)``, by number."""
        ...

    def numbers(self) -> list[int]:
        """The numbers stored, by number (without reading the lines)."""
        ...


_NAME = re.compile(r"^checkpoint-(\d{12})\.json$")


class FolderSink:
    """One file per checkpoint, ``checkpoint-<number, 12 digits>.json``, holding its line."""

    def __init__(self, folder: Path | str) -> None:
        self.folder = Path(folder)

    def path_of(self, number: int) -> Path:
        return self.folder / f"checkpoint-{number:012d}.json"

    def append(self, number: int, line: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path_of(number)
        data = (line + "\n").encode()
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o444)
        except FileExistsError:
            if path.read_bytes() != data:
                raise CheckpointSinkError(
                    f"checkpoint {number} is already stored, with other content"
                ) from None
            return
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
        except OSError as exc:
            raise CheckpointSinkError(f"checkpoint {number} could not be written: {exc}") from exc
        # The new name must survive a crash too: sync the folder's entry.
        folder_fd = os.open(self.folder, os.O_RDONLY)
        try:
            os.fsync(folder_fd)
        finally:
            os.close(folder_fd)

    def lines(self) -> list[tuple[int, str]]:
        return [(number, self.path_of(number).read_text().strip()) for number in self.numbers()]

    def numbers(self) -> list[int]:
        if not self.folder.is_dir():
            return []
        matches = (_NAME.match(name) for name in os.listdir(self.folder))
        return sorted(int(match.group(1)) for match in matches if match)
