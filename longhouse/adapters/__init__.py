"""Longhouse's games for research libraries: OpenSpiel (``openspiel``), PettingZoo (``pettingzoo``),
and self-play on a process pool or a Ray cluster (``selfplay``). Each needs its optional extra installed
(``pip install longhouse[research]``); nothing here is imported by the hall.
"""
