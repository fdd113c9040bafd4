"""TRF16 and TRF-2026: the reader (``reader.py``, with one module per family of records:
``players.py``, ``team_records.py``, ``settings.py``) and the writer (``writer.py``)."""
