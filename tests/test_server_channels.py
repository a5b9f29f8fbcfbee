"""The kernel channel's budget of the class server (``daynight.server.handlers.ChannelBudget``):
a page loading its widgets one by one is admitted, a flood is not."""

from __future__ import annotations

import json
import uuid

from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

from daynight.server.handlers import WS_BURST, ChannelBudget, listed_models, state_request, v1_fits

SESSION = Session(key=b"")
#: as many widget models as the largest page we serve (sunmoon/rules.ipynb: 630)
MODELS = [uuid.uuid4().hex for _ in range(630)]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def from_kernel(msg_type: str, content: dict) -> list[bytes]:
    """A message as Jupyter Server gets it from the kernel, identities fed off."""
    _, fed = SESSION.feed_identities(SESSION.serialize(SESSION.msg(msg_type, content)))
    return [part for part in fed if isinstance(part, bytes)]


def comm_info_reply(models: list[str], target: str = "jupyter.widget") -> list[bytes]:
    return from_kernel("comm_info_reply", {"status": "ok", "comms": {m: {"target_name": target} for m in models}})


def from_page(msg_type: str, content: dict, v1: bool = True) -> bytes | str:
    """A message as the page sends it: Jupyter's binary protocol, or JSON."""
    msg = SESSION.msg(msg_type, content)
    if not v1:
        return json.dumps({**msg, "channel": "shell"}, default=str)
    return serialize_msg_to_ws_v1(msg, "shell", SESSION.pack)


def request_state(model: str, v1: bool = True) -> bytes | str:
    return from_page("comm_msg", {"comm_id": model, "data": {"method": "request_state"}}, v1)


def click(model: str) -> bytes | str:
    return from_page("comm_msg", {"comm_id": model, "data": {"method": "custom", "content": {"event": "choose"}}})


def test_the_kernel_s_list_of_models_is_read_from_its_comm_info_reply():
    assert listed_models(comm_info_reply(MODELS[:3])) == set(MODELS[:3])
    assert listed_models(comm_info_reply(MODELS[:3], target="another.target")) == set()
    assert listed_models(from_kernel("kernel_info_reply", {"status": "ok"})) is None
    assert listed_models(from_kernel("comm_msg", {"comm_id": MODELS[0], "data": {"comm_info_reply": 1}})) is None


def test_a_request_for_a_model_s_state_is_recognised_in_both_protocols():
    for v1 in (True, False):
        assert state_request(request_state(MODELS[0], v1), v1) == MODELS[0]
    assert state_request(click(MODELS[0]), True) is None
    assert state_request(from_page("comm_info_request", {"target_name": "jupyter.widget"}), True) is None
    assert state_request(b"\x00not a message", True) is None
    assert state_request((2**60).to_bytes(8, "little") + b"x" * 100, True) is None  # offsets it has not
    assert state_request("{not json", False) is None
    big = from_page("comm_msg", {"comm_id": MODELS[0], "data": {"method": "request_state", "pad": "x" * 5000}})
    assert state_request(big, True) is None


def test_a_page_loading_its_widgets_one_by_one_is_admitted_and_keeps_its_burst():
    clock = Clock()
    budget = ChannelBudget(clock)
    budget.kernel_sent(from_kernel("kernel_info_reply", {"status": "ok"}))
    budget.kernel_sent(comm_info_reply(MODELS))
    # all at once (the clock stands still): one request per model, the page's whole load
    admitted = [budget.admits(request_state(m), True) for m in MODELS]
    assert all(admitted), f"{admitted.count(False)} of {len(MODELS)} state requests dropped"
    assert budget.dropped == 0
    # the tables' own messages at load and the learner's clicks still have the whole burst
    assert all(budget.admits(click(m), True) for m in MODELS[:WS_BURST])
    assert not budget.admits(click(MODELS[0]), True)


def test_a_page_asking_again_and_again_is_a_flood():
    clock = Clock()
    budget = ChannelBudget(clock)
    budget.kernel_sent(comm_info_reply(MODELS))
    budget.kernel_sent(comm_info_reply(MODELS + [uuid.uuid4().hex]))  # a later list grants nothing
    assert budget.admits(request_state(MODELS[0]), True)
    # the same model again, a model the kernel did not list, or any other message: tokens
    again = [budget.admits(request_state(MODELS[0]), True) for _ in range(WS_BURST)]
    assert all(again)
    assert not budget.admits(request_state(MODELS[0]), True)
    assert not budget.admits(request_state(uuid.uuid4().hex), True)
    assert not budget.admits(click(MODELS[1]), True)
    assert budget.dropped == 3 and not budget.flooding()
    for _ in range(10 * WS_BURST):
        budget.admits(click(MODELS[1]), True)
    assert budget.flooding()


def test_without_a_list_from_the_kernel_only_the_burst_passes():
    clock = Clock()
    budget = ChannelBudget(clock)
    admitted = [budget.admits(request_state(m), True) for m in MODELS]
    assert admitted.count(True) == WS_BURST
    clock.now += 1.0  # then WS_PER_SECOND a second
    assert budget.admits(click(MODELS[0]), True)


def test_a_binary_message_must_have_the_offsets_it_counts():
    assert v1_fits(request_state(MODELS[0]))
    assert v1_fits(click(MODELS[0]))
    message = request_state(MODELS[0])
    assert isinstance(message, bytes)
    assert not v1_fits((2**60).to_bytes(8, "little") + message[8:])
    assert not v1_fits((5).to_bytes(8, "little") + message[8:])
    assert not v1_fits(message[:7])
    assert not v1_fits("a text frame")
