//! Every word the replay, the chart and the review show, per language, in one table (a new
//! language is one more `Words`).

use crate::table::Lang;

pub struct Words {
    pub chart_title: &'static str,
    pub chance_axis: &'static str,
    pub actions_axis: &'static str,
    pub turning_point: &'static str,
    pub capture: &'static str,
    pub stack: &'static str,
    pub backdo: &'static str,
    pub review_title: &'static str,
    pub nothing_to_review: &'static str,
    pub not_playing: &'static str,
    pub played: &'static str,
    pub master: &'static str,
    pub lost: &'static str,
    pub action: &'static str,
    pub points: &'static str,
    pub thinned: &'static str,
    pub replay_of: &'static str,
}

const EN: Words = Words {
    chart_title: "Chance to win after every action (Master's estimate)",
    chance_axis: "chance to win",
    actions_axis: "actions",
    turning_point: "turning point",
    capture: "capture",
    stack: "stack",
    backdo: "Back-Do",
    review_title: "Your costliest decisions",
    nothing_to_review: "Master found no decision of yours that gave away win chance. Well played!",
    not_playing: "You did not play in that game, so there is nothing of yours to review.",
    played: "you played",
    master: "Master would play",
    lost: "chance lost",
    action: "action",
    points: "points",
    thinned: "a long game: only some of its actions are shown",
    replay_of: "Replay of game",
};

const KO: Words = Words {
    chart_title: "매 수마다 이길 확률 (어려움 봇의 추정)",
    chance_axis: "이길 확률",
    actions_axis: "수",
    turning_point: "승부처",
    capture: "잡기",
    stack: "업기",
    backdo: "빽도",
    review_title: "가장 아까웠던 선택",
    nothing_to_review: "이길 확률을 잃은 선택이 없었어요. 잘 두셨어요!",
    not_playing: "그 판에 참가하지 않아서 돌아볼 수가 없어요.",
    played: "둔 수",
    master: "어려움 봇의 수",
    lost: "잃은 확률",
    action: "수",
    points: "%p",
    thinned: "긴 판이라 일부 수만 보여요",
    replay_of: "다시 보기: 판",
};

pub fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::En => &EN,
        Lang::Ko => &KO,
    }
}
