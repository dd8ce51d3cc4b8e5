from engine.wire import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ErrorCode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ERROR_CODE_UNSPECIFIED: _ClassVar[ErrorCode]
    ERROR_CODE_NO_HELLO: _ClassVar[ErrorCode]
    ERROR_CODE_VERSION: _ClassVar[ErrorCode]
    ERROR_CODE_UNAUTHENTICATED: _ClassVar[ErrorCode]
    ERROR_CODE_TOKEN_USED: _ClassVar[ErrorCode]
    ERROR_CODE_MALFORMED: _ClassVar[ErrorCode]
    ERROR_CODE_TOO_LARGE: _ClassVar[ErrorCode]
    ERROR_CODE_STALE_REQUEST: _ClassVar[ErrorCode]
    ERROR_CODE_NOT_YOUR_REQUEST: _ClassVar[ErrorCode]
    ERROR_CODE_FLOOD: _ClassVar[ErrorCode]
    ERROR_CODE_NOT_READING: _ClassVar[ErrorCode]
    ERROR_CODE_BOT_VERSION: _ClassVar[ErrorCode]
    ERROR_CODE_NOT_YOUR_BOT: _ClassVar[ErrorCode]
ERROR_CODE_UNSPECIFIED: ErrorCode
ERROR_CODE_NO_HELLO: ErrorCode
ERROR_CODE_VERSION: ErrorCode
ERROR_CODE_UNAUTHENTICATED: ErrorCode
ERROR_CODE_TOKEN_USED: ErrorCode
ERROR_CODE_MALFORMED: ErrorCode
ERROR_CODE_TOO_LARGE: ErrorCode
ERROR_CODE_STALE_REQUEST: ErrorCode
ERROR_CODE_NOT_YOUR_REQUEST: ErrorCode
ERROR_CODE_FLOOD: ErrorCode
ERROR_CODE_NOT_READING: ErrorCode
ERROR_CODE_BOT_VERSION: ErrorCode
ERROR_CODE_NOT_YOUR_BOT: ErrorCode

class BotMessage(_message.Message):
    __slots__ = ("hello", "answer")
    HELLO_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    hello: Hello
    answer: Answer
    def __init__(self, hello: _Optional[_Union[Hello, _Mapping]] = ..., answer: _Optional[_Union[Answer, _Mapping]] = ...) -> None: ...

class Hello(_message.Message):
    __slots__ = ("protocol_version", "bot_name", "seat_token", "bot_key", "want_forced", "typed_observation", "typed_events", "bot_version")
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    BOT_KEY_FIELD_NUMBER: _ClassVar[int]
    WANT_FORCED_FIELD_NUMBER: _ClassVar[int]
    TYPED_OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    TYPED_EVENTS_FIELD_NUMBER: _ClassVar[int]
    BOT_VERSION_FIELD_NUMBER: _ClassVar[int]
    protocol_version: int
    bot_name: str
    seat_token: str
    bot_key: str
    want_forced: bool
    typed_observation: bool
    typed_events: bool
    bot_version: str
    def __init__(self, protocol_version: _Optional[int] = ..., bot_name: _Optional[str] = ..., seat_token: _Optional[str] = ..., bot_key: _Optional[str] = ..., want_forced: _Optional[bool] = ..., typed_observation: _Optional[bool] = ..., typed_events: _Optional[bool] = ..., bot_version: _Optional[str] = ...) -> None: ...

class Answer(_message.Message):
    __slots__ = ("request_id", "index", "action", "failure")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    FAILURE_FIELD_NUMBER: _ClassVar[int]
    request_id: int
    index: int
    action: _common_pb2.Action
    failure: Failure
    def __init__(self, request_id: _Optional[int] = ..., index: _Optional[int] = ..., action: _Optional[_Union[_common_pb2.Action, _Mapping]] = ..., failure: _Optional[_Union[Failure, _Mapping]] = ...) -> None: ...

class Failure(_message.Message):
    __slots__ = ("message", "raised")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    RAISED_FIELD_NUMBER: _ClassVar[int]
    message: str
    raised: bool
    def __init__(self, message: _Optional[str] = ..., raised: _Optional[bool] = ...) -> None: ...

class RefereeMessage(_message.Message):
    __slots__ = ("welcome", "match_start", "decision", "match_end", "error", "fault")
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    MATCH_START_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    MATCH_END_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    FAULT_FIELD_NUMBER: _ClassVar[int]
    welcome: Welcome
    match_start: MatchStart
    decision: DecisionRequest
    match_end: MatchEnd
    error: Error
    fault: FaultNotice
    def __init__(self, welcome: _Optional[_Union[Welcome, _Mapping]] = ..., match_start: _Optional[_Union[MatchStart, _Mapping]] = ..., decision: _Optional[_Union[DecisionRequest, _Mapping]] = ..., match_end: _Optional[_Union[MatchEnd, _Mapping]] = ..., error: _Optional[_Union[Error, _Mapping]] = ..., fault: _Optional[_Union[FaultNotice, _Mapping]] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ("protocol_version", "referee", "max_message_bytes")
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    REFEREE_FIELD_NUMBER: _ClassVar[int]
    MAX_MESSAGE_BYTES_FIELD_NUMBER: _ClassVar[int]
    protocol_version: int
    referee: str
    max_message_bytes: int
    def __init__(self, protocol_version: _Optional[int] = ..., referee: _Optional[str] = ..., max_message_bytes: _Optional[int] = ...) -> None: ...

class MatchStart(_message.Message):
    __slots__ = ("match_id", "game", "seat", "seats", "deadline_ms", "time_bank_ms", "strike_limit", "board")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    TIME_BANK_MS_FIELD_NUMBER: _ClassVar[int]
    STRIKE_LIMIT_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: _common_pb2.GameRef
    seat: int
    seats: _containers.RepeatedCompositeFieldContainer[_common_pb2.SeatInfo]
    deadline_ms: int
    time_bank_ms: int
    strike_limit: int
    board: _common_pb2.Board
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[_Union[_common_pb2.GameRef, _Mapping]] = ..., seat: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[_common_pb2.SeatInfo, _Mapping]]] = ..., deadline_ms: _Optional[int] = ..., time_bank_ms: _Optional[int] = ..., strike_limit: _Optional[int] = ..., board: _Optional[_Union[_common_pb2.Board, _Mapping]] = ...) -> None: ...

class DecisionRequest(_message.Message):
    __slots__ = ("match_id", "request_id", "seat", "ply", "observation", "events", "legal", "families", "deadline_ms", "time_bank_ms", "forced")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLY_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    FAMILIES_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    TIME_BANK_MS_FIELD_NUMBER: _ClassVar[int]
    FORCED_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    request_id: int
    seat: int
    ply: int
    observation: _common_pb2.Observation
    events: _containers.RepeatedCompositeFieldContainer[_common_pb2.Event]
    legal: _containers.RepeatedCompositeFieldContainer[_common_pb2.LegalAction]
    families: _containers.RepeatedCompositeFieldContainer[_common_pb2.ActionFamily]
    deadline_ms: int
    time_bank_ms: int
    forced: bool
    def __init__(self, match_id: _Optional[str] = ..., request_id: _Optional[int] = ..., seat: _Optional[int] = ..., ply: _Optional[int] = ..., observation: _Optional[_Union[_common_pb2.Observation, _Mapping]] = ..., events: _Optional[_Iterable[_Union[_common_pb2.Event, _Mapping]]] = ..., legal: _Optional[_Iterable[_Union[_common_pb2.LegalAction, _Mapping]]] = ..., families: _Optional[_Iterable[_Union[_common_pb2.ActionFamily, _Mapping]]] = ..., deadline_ms: _Optional[int] = ..., time_bank_ms: _Optional[int] = ..., forced: _Optional[bool] = ...) -> None: ...

class MatchEnd(_message.Message):
    __slots__ = ("match_id", "seat", "result", "replay_id", "events")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    REPLAY_ID_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int
    result: _common_pb2.Result
    replay_id: str
    events: _containers.RepeatedCompositeFieldContainer[_common_pb2.Event]
    def __init__(self, match_id: _Optional[str] = ..., seat: _Optional[int] = ..., result: _Optional[_Union[_common_pb2.Result, _Mapping]] = ..., replay_id: _Optional[str] = ..., events: _Optional[_Iterable[_Union[_common_pb2.Event, _Mapping]]] = ...) -> None: ...

class Error(_message.Message):
    __slots__ = ("code", "message", "match_id", "request_id", "fatal")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    FATAL_FIELD_NUMBER: _ClassVar[int]
    code: ErrorCode
    message: str
    match_id: str
    request_id: int
    fatal: bool
    def __init__(self, code: _Optional[_Union[ErrorCode, str]] = ..., message: _Optional[str] = ..., match_id: _Optional[str] = ..., request_id: _Optional[int] = ..., fatal: _Optional[bool] = ...) -> None: ...

class FaultNotice(_message.Message):
    __slots__ = ("match_id", "request_id", "fault", "default_action", "forfeited")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    FAULT_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_ACTION_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    request_id: int
    fault: _common_pb2.Fault
    default_action: str
    forfeited: bool
    def __init__(self, match_id: _Optional[str] = ..., request_id: _Optional[int] = ..., fault: _Optional[_Union[_common_pb2.Fault, _Mapping]] = ..., default_action: _Optional[str] = ..., forfeited: _Optional[bool] = ...) -> None: ...
