//! A short, readable rules summary for each preset, in English and Korean.

use crate::game::{Preset, Rules};
use crate::table::Lang;

const BASICS_EN: &str = "**How to play Yut Nori**
• Throw the four sticks: 도 Do 1, 개 Gae 2, 걸 Geol 3, 윷 Yut 4, 모 Mo 5 steps. Yut and Mo give another throw.
• Spend each result on a piece: enter a new one or move one on the board. The numbered buttons match the numbers on the board.
• Stopping on a corner (모, 뒷모) or the centre (방) takes the shortcut across the board.
• Land on an opponent to capture it (it goes back off the board) and throw again.
• Land on your own piece to stack: they move together from then on.
• The first side to bring every piece home wins.";

const BASICS_KO: &str = "**윷놀이 하는 법**
• 윷을 던져요: 도 1, 개 2, 걸 3, 윷 4, 모 5칸. 윷이나 모가 나오면 한 번 더 던져요.
• 나온 결과마다 말 하나를 움직여요: 새 말을 올리거나 판 위의 말을 옮겨요. 버튼의 번호가 판의 번호와 같아요.
• 모서리(모, 뒷모)나 가운데(방)에 멈추면 지름길로 가요.
• 상대 말이 있는 곳에 서면 잡아서 판 밖으로 보내고 한 번 더 던져요.
• 내 말이 있는 곳에 서면 업어서 함께 움직여요.
• 말을 모두 먼저 내보내는 쪽이 이겨요.";

/// The summary of a preset in a language.
pub fn summary(preset: Preset, lang: Lang) -> String {
    let (basics, extra) = match lang {
        Lang::En => (BASICS_EN, preset_en(preset)),
        Lang::Ko => (BASICS_KO, preset_ko(preset)),
    };
    format!("{basics}\n\n{extra}")
}

fn preset_en(p: Preset) -> &'static str {
    match p {
        Preset::Standard => "**Standard rules** (house rules common in Korea)
• 빽도 Back-do: one step back (from 도 Do it jumps to the finish point, 참먹이); with no piece on the board it is discarded.
• Four pieces each. A piece goes home by passing the finish point.
• A capture's extra throw comes after the results you still hold.
• Who starts is drawn at random.",
        Preset::Boardgame => "**Board-game rules** (as printed in boxed sets)
• Like standard, but a capture's extra throw comes at once.
• 빽도 Back-do may take either way back at a junction.
• Everyone throws once to decide who starts; the highest throw begins.",
        Preset::Yunnori => "**Yunnori rules** (sticks land flat half the time)
• 빽도 Back-do with no piece on the board counts as 도 Do; from the first point it steps off the board.
• From the centre a piece goes straight home; 찌모 shortcut from the near corner.
• Diagonal paths leave the board directly; a capture's extra throw comes at once.",
        Preset::Nyout => "**Nyout rules** (older tradition)
• No 빽도 Back-do.
• Pieces per side depend on the number of sides.
• At a corner you choose the shortcut or the outer path; stacking onto your own piece is your choice.
• Everyone throws once to decide who starts.",
    }
}

fn preset_ko(p: Preset) -> &'static str {
    match p {
        Preset::Standard => {
            "**기본 규칙** (흔히 쓰는 규칙)
• 빽도: 한 칸 뒤로 (도에서 빽도면 참먹이로 가요). 판 위에 말이 없으면 버려요.
• 말은 넷. 참먹이를 지나야 나요.
• 잡아서 얻은 한 번 더는 가지고 있는 결과를 다 쓴 뒤에 던져요.
• 누가 먼저 할지는 무작위로 정해요."
        }
        Preset::Boardgame => {
            "**보드게임 규칙** (시판 윷놀이 판)
• 기본과 같지만, 잡으면 바로 한 번 더 던져요.
• 빽도는 갈림길에서 어느 쪽으로든 뒤로 갈 수 있어요.
• 한 번씩 던져서 가장 높은 사람이 먼저 해요."
        }
        Preset::Yunnori => {
            "**윷놀이 규칙** (윷이 반반으로 나와요)
• 판 위에 말이 없을 때 빽도는 도로 쳐요. 첫 칸에서 빽도면 판 밖으로 나가요.
• 방에서는 곧장 집으로, 찌모 지름길도 있어요.
• 대각선 길은 바로 나가고, 잡으면 바로 한 번 더 던져요."
        }
        Preset::Nyout => {
            "**윷 옛 규칙**
• 빽도가 없어요.
• 말 수는 편 수에 따라 달라요.
• 모서리에서 지름길과 바깥길 중에 골라요. 업을지 말지도 골라요.
• 한 번씩 던져서 먼저 할 사람을 정해요."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_summary_fits_a_message() {
        for p in [
            Preset::Standard,
            Preset::Boardgame,
            Preset::Yunnori,
            Preset::Nyout,
        ] {
            for lang in [Lang::En, Lang::Ko] {
                let s = summary(p, lang);
                assert!(s.chars().count() < 2000, "{p:?} {lang:?}");
            }
        }
    }
}

/// What each house-rule option does (English, Korean), in the order of
/// [`Rules::OPTION_NAMES`].
const OPTION_HELP: [(&str, &str, &str); 22] = [
    (
        "flat_p",
        "chance a stick lands flat",
        "윷가락이 엎어질 확률",
    ),
    ("backdo", "빽도 in play", "빽도 쓰기"),
    (
        "seoul",
        "서울 mark: 도 or onto 방",
        "서울 표시: 도 또는 방으로",
    ),
    (
        "busan",
        "부산 mark: 도 or onto 뒷모",
        "부산 표시: 도 또는 뒷모로",
    ),
    ("nak_p", "chance a throw is void (낙)", "낙이 날 확률"),
    ("finish", "how a piece goes home", "말이 나는 법"),
    (
        "diagonal_exit",
        "diagonals go via 참먹이 or leave directly",
        "대각선이 참먹이를 거치는지",
    ),
    (
        "center_pass",
        "passing 방 from 모: straight on or home",
        "모에서 방을 지나면",
    ),
    (
        "jjimo_shortcut",
        "shortcut from 찌모 too",
        "찌모에서도 지름길",
    ),
    (
        "shortcut",
        "stations force the shortcut?",
        "지름길을 꼭 타는지",
    ),
    ("backdo_from_first", "빽도 from 도 goes", "도에서 빽도면"),
    (
        "backdo_no_piece",
        "빽도 with no piece out",
        "판에 말이 없을 때 빽도",
    ),
    ("backdo_path", "빽도 at a junction", "갈림길에서 빽도"),
    (
        "throw_flow",
        "spend each result at once?",
        "나올 때마다 바로 쓰기",
    ),
    (
        "capture_bonus",
        "a capture's extra throw",
        "잡으면 한 번 더",
    ),
    (
        "bonus_throw_chains",
        "윷/모 on that throw throws again",
        "그 던지기의 윷·모도 또",
    ),
    (
        "backdo_capture_bonus",
        "빽도 capture earns a throw",
        "빽도로 잡아도 한 번 더",
    ),
    (
        "yut_mo_capture_bonus",
        "윷/모 capture earns a throw",
        "윷·모로 잡아도 한 번 더",
    ),
    ("stacking", "stacking own pieces", "업기"),
    ("pieces", "pieces per side", "말 수"),
    ("first_player", "who starts", "먼저 하는 사람"),
    ("first_to", "wins to take the match", "승부에 필요한 승 수"),
];

/// Every house-rule option with its values and this preset's setting, for `/yut new
/// house_rules:...`.
pub fn options(preset: Preset, lang: Lang) -> String {
    options_of(&Rules::preset(preset), &preset.to_string(), lang)
}

/// Every house-rule option with its values and its setting in `rules` (named `now`).
pub fn options_of(rules: &Rules, now: &str, lang: Lang) -> String {
    let preset = now;
    let mut out = match lang {
        Lang::En => format!(
            "**House rules** for `/yut new house_rules:` (or a server's defaults, \
             `/yut settings`) as `name=value`, e.g. `backdo=off finish=exact`. Values (now: \
             {preset}):\n"
        ),
        Lang::Ko => format!(
            "**집안 규칙**: `/윷 새판 집안규칙:`(서버 기본값은 `/윷 설정`)에 `이름=값`으로 \
             적어요 (예: `backdo=off finish=exact`). 값 (지금: {preset}):\n"
        ),
    };
    for (name, en, ko) in OPTION_HELP {
        let now = rules.get(name).map(|v| Rules::show(&v)).unwrap_or_default();
        let allowed = Rules::allowed(name).unwrap_or_default();
        let what = match lang {
            Lang::En => en,
            Lang::Ko => ko,
        };
        out.push_str(&format!("`{name}` {what}: {allowed} (**{now}**)\n"));
    }
    out
}

#[cfg(test)]
mod option_tests {
    use super::*;

    #[test]
    fn the_option_list_covers_every_option_and_fits_a_message() {
        let names: Vec<&str> = OPTION_HELP.iter().map(|o| o.0).collect();
        assert_eq!(names, Rules::OPTION_NAMES);
        for p in [
            Preset::Standard,
            Preset::Boardgame,
            Preset::Yunnori,
            Preset::Nyout,
        ] {
            for lang in [Lang::En, Lang::Ko] {
                let text = options(p, lang);
                assert!(
                    text.chars().count() <= 2000,
                    "{p:?} {lang:?}: {}",
                    text.len()
                );
                assert!(text.contains("`stacking`"));
            }
        }
        assert!(options(Preset::Yunnori, Lang::En).contains("(**0.5**)"));
    }
}
