from engine.wire import puerto_rico_pb2 as _puerto_rico_pb2
from engine.wire import catan_pb2 as _catan_pb2
from engine.wire import catan_ck_pb2 as _catan_ck_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Termination(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERMINATION_UNSPECIFIED: _ClassVar[Termination]
    TERMINATION_VICTORY: _ClassVar[Termination]
    TERMINATION_TURN_CAP: _ClassVar[Termination]
    TERMINATION_FORFEIT: _ClassVar[Termination]
    TERMINATION_ABORTED: _ClassVar[Termination]

class FaultKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FAULT_KIND_UNSPECIFIED: _ClassVar[FaultKind]
    FAULT_KIND_TIMEOUT: _ClassVar[FaultKind]
    FAULT_KIND_ILLEGAL: _ClassVar[FaultKind]
    FAULT_KIND_MALFORMED: _ClassVar[FaultKind]
    FAULT_KIND_CRASH: _ClassVar[FaultKind]
    FAULT_KIND_DISCONNECT: _ClassVar[FaultKind]
TERMINATION_UNSPECIFIED: Termination
TERMINATION_VICTORY: Termination
TERMINATION_TURN_CAP: Termination
TERMINATION_FORFEIT: Termination
TERMINATION_ABORTED: Termination
FAULT_KIND_UNSPECIFIED: FaultKind
FAULT_KIND_TIMEOUT: FaultKind
FAULT_KIND_ILLEGAL: FaultKind
FAULT_KIND_MALFORMED: FaultKind
FAULT_KIND_CRASH: FaultKind
FAULT_KIND_DISCONNECT: FaultKind

class GameOption(_message.Message):
    __slots__ = ("name", "bool_value", "int_value", "string_value")
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOOL_VALUE_FIELD_NUMBER: _ClassVar[int]
    INT_VALUE_FIELD_NUMBER: _ClassVar[int]
    STRING_VALUE_FIELD_NUMBER: _ClassVar[int]
    name: str
    bool_value: bool
    int_value: int
    string_value: str
    def __init__(self, name: _Optional[str] = ..., bool_value: _Optional[bool] = ..., int_value: _Optional[int] = ..., string_value: _Optional[str] = ...) -> None: ...

class GameRef(_message.Message):
    __slots__ = ("game", "variant", "players", "options", "rules_version", "canonical")
    GAME_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    CANONICAL_FIELD_NUMBER: _ClassVar[int]
    game: str
    variant: str
    players: int
    options: _containers.RepeatedCompositeFieldContainer[GameOption]
    rules_version: int
    canonical: str
    def __init__(self, game: _Optional[str] = ..., variant: _Optional[str] = ..., players: _Optional[int] = ..., options: _Optional[_Iterable[_Union[GameOption, _Mapping]]] = ..., rules_version: _Optional[int] = ..., canonical: _Optional[str] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ("seat", "name")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    seat: int
    name: str
    def __init__(self, seat: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("text", "puerto_rico", "catan", "catan_ck")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    PUERTO_RICO_FIELD_NUMBER: _ClassVar[int]
    CATAN_FIELD_NUMBER: _ClassVar[int]
    CATAN_CK_FIELD_NUMBER: _ClassVar[int]
    text: str
    puerto_rico: _puerto_rico_pb2.PuertoRicoAction
    catan: _catan_pb2.CatanAction
    catan_ck: _catan_ck_pb2.CatanCkAction
    def __init__(self, text: _Optional[str] = ..., puerto_rico: _Optional[_Union[_puerto_rico_pb2.PuertoRicoAction, _Mapping]] = ..., catan: _Optional[_Union[_catan_pb2.CatanAction, _Mapping]] = ..., catan_ck: _Optional[_Union[_catan_ck_pb2.CatanCkAction, _Mapping]] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("index", "action")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    index: int
    action: Action
    def __init__(self, index: _Optional[int] = ..., action: _Optional[_Union[Action, _Mapping]] = ...) -> None: ...

class ActionFamily(_message.Message):
    __slots__ = ("name", "syntax", "description")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SYNTAX_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    name: str
    syntax: str
    description: str
    def __init__(self, name: _Optional[str] = ..., syntax: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class ForcedEvent(_message.Message):
    __slots__ = ("seat", "action")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    action: str
    def __init__(self, seat: _Optional[int] = ..., action: _Optional[str] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("kind", "json", "puerto_rico", "catan", "forced", "catan_ck")
    KIND_FIELD_NUMBER: _ClassVar[int]
    JSON_FIELD_NUMBER: _ClassVar[int]
    PUERTO_RICO_FIELD_NUMBER: _ClassVar[int]
    CATAN_FIELD_NUMBER: _ClassVar[int]
    FORCED_FIELD_NUMBER: _ClassVar[int]
    CATAN_CK_FIELD_NUMBER: _ClassVar[int]
    kind: str
    json: str
    puerto_rico: _puerto_rico_pb2.PuertoRicoEvent
    catan: _catan_pb2.CatanEvent
    forced: ForcedEvent
    catan_ck: _catan_ck_pb2.CatanCkEvent
    def __init__(self, kind: _Optional[str] = ..., json: _Optional[str] = ..., puerto_rico: _Optional[_Union[_puerto_rico_pb2.PuertoRicoEvent, _Mapping]] = ..., catan: _Optional[_Union[_catan_pb2.CatanEvent, _Mapping]] = ..., forced: _Optional[_Union[ForcedEvent, _Mapping]] = ..., catan_ck: _Optional[_Union[_catan_ck_pb2.CatanCkEvent, _Mapping]] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("json", "puerto_rico", "catan", "catan_ck")
    JSON_FIELD_NUMBER: _ClassVar[int]
    PUERTO_RICO_FIELD_NUMBER: _ClassVar[int]
    CATAN_FIELD_NUMBER: _ClassVar[int]
    CATAN_CK_FIELD_NUMBER: _ClassVar[int]
    json: str
    puerto_rico: _puerto_rico_pb2.PuertoRicoObservation
    catan: _catan_pb2.CatanObservation
    catan_ck: _catan_ck_pb2.CatanCkObservation
    def __init__(self, json: _Optional[str] = ..., puerto_rico: _Optional[_Union[_puerto_rico_pb2.PuertoRicoObservation, _Mapping]] = ..., catan: _Optional[_Union[_catan_pb2.CatanObservation, _Mapping]] = ..., catan_ck: _Optional[_Union[_catan_ck_pb2.CatanCkObservation, _Mapping]] = ...) -> None: ...

class Board(_message.Message):
    __slots__ = ("json", "puerto_rico", "catan", "catan_ck")
    JSON_FIELD_NUMBER: _ClassVar[int]
    PUERTO_RICO_FIELD_NUMBER: _ClassVar[int]
    CATAN_FIELD_NUMBER: _ClassVar[int]
    CATAN_CK_FIELD_NUMBER: _ClassVar[int]
    json: str
    puerto_rico: _puerto_rico_pb2.PuertoRicoTables
    catan: _catan_pb2.CatanBoard
    catan_ck: _catan_ck_pb2.CatanCkTables
    def __init__(self, json: _Optional[str] = ..., puerto_rico: _Optional[_Union[_puerto_rico_pb2.PuertoRicoTables, _Mapping]] = ..., catan: _Optional[_Union[_catan_pb2.CatanBoard, _Mapping]] = ..., catan_ck: _Optional[_Union[_catan_ck_pb2.CatanCkTables, _Mapping]] = ...) -> None: ...

class Fault(_message.Message):
    __slots__ = ("seat", "kind", "message", "ply", "strike")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    PLY_FIELD_NUMBER: _ClassVar[int]
    STRIKE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: FaultKind
    message: str
    ply: int
    strike: int
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[FaultKind, str]] = ..., message: _Optional[str] = ..., ply: _Optional[int] = ..., strike: _Optional[int] = ...) -> None: ...

class Result(_message.Message):
    __slots__ = ("places", "scores", "termination", "forfeits", "faults", "details_json", "puerto_rico")
    PLACES_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    TERMINATION_FIELD_NUMBER: _ClassVar[int]
    FORFEITS_FIELD_NUMBER: _ClassVar[int]
    FAULTS_FIELD_NUMBER: _ClassVar[int]
    DETAILS_JSON_FIELD_NUMBER: _ClassVar[int]
    PUERTO_RICO_FIELD_NUMBER: _ClassVar[int]
    places: _containers.RepeatedScalarFieldContainer[int]
    scores: _containers.RepeatedScalarFieldContainer[float]
    termination: Termination
    forfeits: _containers.RepeatedScalarFieldContainer[int]
    faults: _containers.RepeatedCompositeFieldContainer[Fault]
    details_json: str
    puerto_rico: _puerto_rico_pb2.PuertoRicoResultDetails
    def __init__(self, places: _Optional[_Iterable[int]] = ..., scores: _Optional[_Iterable[float]] = ..., termination: _Optional[_Union[Termination, str]] = ..., forfeits: _Optional[_Iterable[int]] = ..., faults: _Optional[_Iterable[_Union[Fault, _Mapping]]] = ..., details_json: _Optional[str] = ..., puerto_rico: _Optional[_Union[_puerto_rico_pb2.PuertoRicoResultDetails, _Mapping]] = ...) -> None: ...
