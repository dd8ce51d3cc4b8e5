"""A bot process that misbehaves on purpose, for the tests of what hosts see and what faults record.

``python tests/hostile_bot.py MODE`` connects with ``ARENA_ADDRESS`` and ``ARENA_TOKEN`` (or
``ARENA_BOT_KEY``) over a raw stream, as any foreign program may:

- ``escapes``: says hello with a name full of terminal sequences and rich markup, answers its first
  decision with an action text holding every C0 control, DEL and ANSI CSI / OSC / DCS sequences, its
  second with every C1 control and the bidi and other format characters; at its third it prints all of
  them (and bytes that are not UTF-8) on stderr and exits with code 5: a crash that quotes them;
- ``flood``: at its first decision sends hundreds of answers to requests that do not exist, and exits
  with code 1 when the referee closes the stream with its fatal FLOOD error;
- ``panic``: prints a Go panic (a message, then a long goroutine trace) and exits with code 2 before
  connecting;
- ``quit``: prints that it has no model and exits with code 0 before connecting.
"""

from __future__ import annotations

import os
import queue
import sys

C0 = "".join(chr(c) for c in range(0x20))
C1 = "".join(chr(c) for c in range(0x80, 0xA0))
FORMAT = (
    "\u00ad\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff\u2028\u2029"
)
SEQUENCES = (
    "\x1b[2J\x1b[H"  # clear the screen
    "\x1b[31;1m"  # red, bold
    "\x1b]0;owned\x07"  # window title
    "\x1b]52;c;aGk=\x1b\\"  # clipboard
    "\x1b]8;;http://x\x1b\\"  # hyperlink
    "\x1bP+q\x1b\\"  # DCS
)
NAME = "[bold red]evil[/] \x1b[2J\x1b]0;owned\x07\u202ebot"
"""The hello name: rich markup, a screen clear, a window title and a right-to-left override."""
ASCII_ANSWER = "settle " + C0 + "\x7f" + SEQUENCES
"""Every C0 control, DEL and the sequences: plain ASCII, so the game's parser reads and refuses it."""
UNICODE_ANSWER = "road " + C1 + FORMAT + "\u009b2J"
"""Every C1 control (the CSI among them) and the format characters: refused as not ASCII."""
CRASH_OUTPUT = (
    ("loading " + C0.replace("\n", "") + "\x7f" + SEQUENCES + "\n").encode()
    + ("C1 " + C1 + " format " + FORMAT + "\n").encode()
    + b"raw bytes \x9b2J \xff\xfe \x1b[5m blink\n"
    + b"error: cannot continue \x1b[2J\x1b]0;pwned\x07 [bold]done[/bold]\n"
)
GO_PANIC = (
    "panic: runtime error: invalid memory address or nil pointer dereference\n"
    "[signal SIGSEGV: segmentation violation code=0x1 addr=0x10 pc=0x619b61]\n\n"
    "goroutine 1 [running]:\n"
    + "".join(
        f"github.com/golang/protobuf/proto.frame{i}(0xc000137d50)\n"
        f"\t/usr/share/gocode/src/github.com/golang/protobuf/proto/table_marshal.go:{2000 + i} +0xa1\n"
        for i in range(40)
    )
    + "main.main()\n\t/home/author/bot/main.go:175 +0x65e\n"
)


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "escapes"
    if mode == "panic":
        sys.stderr.write(GO_PANIC)
        sys.stderr.flush()
        return 2
    if mode == "quit":
        print("no model file: nothing to play with", flush=True)
        return 0
    import grpc

    from bots.sdk.client import PLAY_METHOD
    from engine.wire import PROTOCOL_VERSION, common_pb2, referee_pb2

    channel = grpc.insecure_channel(os.environ["ARENA_ADDRESS"])
    outbox: queue.Queue[referee_pb2.BotMessage | None] = queue.Queue()
    play = channel.stream_stream(
        PLAY_METHOD,
        request_serializer=lambda m: m.SerializeToString(),
        response_deserializer=referee_pb2.RefereeMessage.FromString,
    )
    hello = referee_pb2.Hello(protocol_version=PROTOCOL_VERSION, bot_name=NAME)
    if os.environ.get("ARENA_TOKEN"):
        hello.seat_token = os.environ["ARENA_TOKEN"]
    else:
        hello.bot_key = os.environ["ARENA_BOT_KEY"]
    outbox.put(referee_pb2.BotMessage(hello=hello))
    decisions = 0
    for msg in play(iter(outbox.get, None)):
        kind = msg.WhichOneof("kind")
        if kind == "error" and msg.error.fatal:
            sys.stderr.write(f"fatal error from the referee: {msg.error.message}\n")
            return 1
        if kind == "match_end" and os.environ.get("ARENA_TOKEN"):
            break
        if kind != "decision":
            continue
        decisions += 1
        request_id = msg.decision.request_id
        if mode == "flood":
            for n in range(400):  # ids far above any the referee issues
                outbox.put(referee_pb2.BotMessage(answer=referee_pb2.Answer(request_id=(1 << 62) + n)))
            continue
        if decisions == 3:
            os.write(2, CRASH_OUTPUT)
            os._exit(5)
        text = ASCII_ANSWER if decisions == 1 else UNICODE_ANSWER
        answer = referee_pb2.Answer(request_id=request_id, action=common_pb2.Action(text=text))
        outbox.put(referee_pb2.BotMessage(answer=answer))
    outbox.put(None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
