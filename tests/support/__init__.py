"""The tests' shared harnesses and helpers, one package imported one way:
`from support.X import ...` (pytest puts `tests/` on the path, as the folder of the
root `conftest.py`; `bench/` scripts and the judges the tests start put it there too).

Its folders follow the test folders that use them (`support/service/harness.py` for
the service tests' harness, `support/e2e/judge_process.py` for a real `judge serve`);
no module here is collected as tests. `relocate.py` is the script that moved them.
"""
