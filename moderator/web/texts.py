"""The page's own words, in the game's language (the game's texts come from its data)."""

from __future__ import annotations

from moderator.i18n import Lang

_LABELS: dict[str, tuple[str, str]] = {
    # key: (ko, en)
    "grimoire": ("그리모어", "Grimoire"),
    "page_behind": ("화면이 게임보다 늦었습니다. 아무것도 하지 않았으니, 지금 화면을 보고 다시 누르세요",
                    "The page was behind the game, so nothing was done: look at it now and tap again"),
    "players_screen": ("플레이어 화면", "Players' screen"),
    "next": ("다음", "Next"),
    "back": ("뒤로", "Back"),
    "yes": ("네", "Yes"),
    "no": ("아니요", "No"),
    "night": ("밤", "Night"),
    "day": ("낮", "Day"),
    "sheet": ("오늘 밤 순서", "Tonight's sheet"),
    "coming_night": ("다음 밤 순서", "The coming night"),
    "truth": ("참인 정보", "True answer"),
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
    "fellow_minions": ("이 사람들이 하수인입니다", "These are the Minions"),
    "character": ("이 캐릭터입니다", "This character"),
    "characters": ("이 캐릭터들이 게임에 있습니다", "These characters are in play"),
    "player": ("이 플레이어입니다", "This player"),
    "players": ("이 플레이어들입니다", "These players"),
    "pair": ("이 두 사람 중 한 명이 이 캐릭터입니다", "One of these two players is this character"),
    "player_is": ("이 플레이어가 이 캐릭터입니다", "This player is this character"),
    "number": ("숫자는", "The number is"),
    "alignment": ("이 플레이어는", "This player is"),
    "direction": ("이쪽입니다", "This way"),
    "clockwise": ("시계 방향", "clockwise"),
    "counterclockwise": ("시계 반대 방향", "counterclockwise"),
    "either": ("어느 쪽이든", "either way"),
    "card": ("카드", "Card"),
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
    # the seat's menu: the storyteller's hand on the grimoire (each sends the typed command)
    "seat_menu": ("자리", "Seat"),
    "choose": ("이 자리 고르기", "Choose this seat"),
    "revives": ("부활", "Revives"),
    "poisoned": ("중독", "Poisoned"),
    "drunk": ("취함", "Drunk"),
    "sober": ("정상", "Sober"),
    "used_ability": ("능력 씀", "Used ability"),
    "has_ability": ("능력 있음", "Has ability"),
    "no_ghost_vote": ("유령 투표 없음", "No ghost vote"),
    "has_ghost_vote": ("유령 투표 있음", "Has ghost vote"),
    "change_character": ("캐릭터 바꾸기", "Character…"),
    "add_reminder": ("알림 토큰 놓기", "Add reminder…"),
    "swap_with": ("다른 자리와 맞바꾸기", "Swap with…"),
    "swap_pick": ("맞바꿀 자리를 누르세요", "Tap the seat to swap with"),
    "note": ("메모", "Note"),
    "leaves": ("떠남", "Leaves"),
    "add_traveller": ("이 자리 뒤에 여행자", "Traveller after this seat…"),
    "traveller_name": ("이름", "Name"),
    "fabled": ("전설 캐릭터", "Fabled"),
    "add_fabled": ("전설 추가", "Add Fabled…"),
    "remove": ("빼기", "Remove"),
    "menu": ("메뉴", "Menu"),
    "skip": ("건너뛰기", "Skip"),
    "grimoire_print": ("마도서 보기", "Grimoire"),
    "help": ("도움말", "Help"),
    "storyteller": ("이야기꾼", "the storyteller"),
    "sheet_skipped": ("건너뜀", "skipped"),
    "sheet_asleep": ("오늘 밤 깨지 않음", "does not wake tonight"),
    "timer_day": ("낮 타이머", "Day timer"),
    "timer_nomination": ("지명 타이머", "Nomination timer"),
    "time_up": ("시간이 다 됐습니다", "Time is up"),
    "sound_on": ("소리 켜기", "Sound on"),
    "sound_is_on": ("소리 켜짐", "Sound on ✓"),
    "traveller": ("여행자", "Traveller"),
    "notes": ("게임 메모", "Notes"),
    "stop": ("멈추기", "Stop"),
    "minutes": ("분", "min"),
    "to_good": ("선으로", "Make good"),
    "to_evil": ("악으로", "Make evil"),
}


def labels(lang: Lang) -> dict[str, str]:
    """Every label of the page in ``lang``."""
    i = 0 if lang == "ko" else 1
    return {k: v[i] for k, v in _LABELS.items()}


TABLE_LABELS = (
    "night", "day", "winner_good", "winner_evil", "traveller", "timer_day", "timer_nomination", "time_up",
    "sound_on", "sound_is_on", "connected", "disconnected", "votes", "alive", "dead", "gold", "turn",
    "storyteller",
)  # fmt: skip
"""The table's screen's own words (no more: the screen's JSON carries nothing it does not show)."""


def table_labels(lang: Lang) -> dict[str, str]:
    """The table's screen's words in ``lang``."""
    words = labels(lang)
    return {k: words[k] for k in TABLE_LABELS}
