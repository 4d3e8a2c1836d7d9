"""Intendentes: mayors grow their districts block by block, bidding, planning and weathering events."""
