"""The page's own words, in the game's language (the game's texts come from its data)."""

from __future__ import annotations

from moderator.i18n import Lang

_LABELS: dict[str, tuple[str, str]] = {
    # key: (ko, en)
    "grimoire": ("그리모어", "Grimoire"),
    "players_screen": ("플레이어 화면", "Players' screen"),
    "next": ("다음", "Next"),
    "back": ("뒤로", "Back"),
    "yes": ("네", "Yes"),
    "no": ("아니요", "No"),
    "night": ("밤", "Night"),
    "day": ("낮", "Day"),
    "sheet": ("오늘 밤 순서", "Tonight's sheet"),
    "coming_night": ("다음 밤 순서", "The coming night"),
    "truth": ("정답", "True answer"),
    "public": ("테이블에", "To the table"),
    "bluffs": ("블러프", "Bluffs"),
    "unseated": ("자리 없는 캐릭터", "In play, no seat"),
    "nominations": ("지명", "Nominations"),
    "threshold": ("처형 기준", "Votes needed"),
    "about_to_die": ("처형 예정", "About to die"),
    "history": ("투표 기록", "Vote history"),
    "no_nominations": ("아직 지명이 없습니다", "No nominations yet"),
    "ghost_vote": ("유령 투표", "ghost vote"),
    "dead": ("사망", "dead"),
    "pick_character": ("캐릭터 고르기", "Pick a character"),
    "tap_seat": ("자리를 누르세요", "Tap a seat"),
    "you_are": ("당신은", "You are"),
    "not_in_play": ("이 캐릭터들은 게임에 없습니다", "These characters are not in play"),
    "demon": ("이 사람이 악마입니다", "This is the Demon"),
    "minions": ("이 사람들이 당신의 하수인입니다", "These are your Minions"),
    "character": ("이 캐릭터입니다", "This character"),
    "player": ("이 플레이어입니다", "This player"),
    "number": ("숫자", "Number"),
    "show": ("보여주기", "Show"),
    "close": ("닫기", "Close"),
    "edit": ("바꾸기", "Change"),
    "clear": ("지우기", "Clear"),
    "from_page": ("웹", "web"),
    "nominate": ("지명", "Nominate"),
    "votes": ("표", "votes"),
    "dies": ("사망", "Dies"),
    "end_day": ("낮 종료", "End day"),
    "send": ("보내기", "Send"),
    "connected": ("연결됨", "live"),
    "disconnected": ("연결 끊김: 다시 연결하는 중", "offline: reconnecting"),
    "winner_good": ("선이 이겼습니다", "Good wins"),
    "winner_evil": ("악이 이겼습니다", "Evil wins"),
    "alive": ("생존", "alive"),
    "standings": ("누적 순위", "Standings"),
    "game": ("게임", "Game"),
    "turn": ("차례", "Turn"),
    "passing": ("카드 넘기기", "Passing"),
    "gold": ("금화", "gold"),
    "step": ("단계", "Step"),
    "good": ("선", "good"),
    "evil": ("악", "evil"),
    "typed": ("입력", "Type a command"),
}


def labels(lang: Lang) -> dict[str, str]:
    """Every label of the page in ``lang``."""
    i = 0 if lang == "ko" else 1
    return {k: v[i] for k, v in _LABELS.items()}
