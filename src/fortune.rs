//! 윷점 (yut-jeom), the New Year fortune of the source texts: three throws of the sticks, each
//! read as 도 (1), 개 (2), 걸 (3) or 윷 (4; 모 counts as 윷 and 빽도 as 도, as the old reading of
//! four values has it), give one of 4 × 4 × 4 = 64 omens, written in our own words.
//!
//! Pure and deterministic: the throws come from a generator seeded with the SHA-256 of the
//! server, the person and the day, so one person gets one fortune per day per server however
//! often they ask, and nothing has to be stored. The throws use the standard rules' stick odds.

use crate::game::{Chip, Rules, Toss};
use crate::table::Lang;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

/// One day's fortune.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fortune {
    /// The three throws as thrown.
    pub throws: [Chip; 3],
    /// Their values, 1 to 4.
    pub marks: [u8; 3],
}

/// A throw's value in the reading: 도 1, 개 2, 걸 3, 윷 4.
pub fn mark(chip: Chip) -> u8 {
    match chip {
        Chip::Backdo | Chip::Do => 1,
        Chip::Gae => 2,
        Chip::Geol => 3,
        _ => 4,
    }
}

/// The day a moment falls on for a person: Korean clients read the day in Korea (UTC+9),
/// everyone else in UTC. Days since 1970-01-01.
pub fn day_of(now_ms: i64, lang: Lang) -> i64 {
    let offset = match lang {
        Lang::Ko => 9 * 3_600_000,
        _ => 0,
    };
    (now_ms + offset).div_euclid(86_400_000)
}

/// The fortune of `user` in `guild` on `day`.
pub fn cast(guild: u64, user: u64, day: i64) -> Fortune {
    use sha2::Digest;
    let mut h = sha2::Sha256::new();
    h.update(b"yutbot fortune v1");
    h.update(guild.to_le_bytes());
    h.update(user.to_le_bytes());
    h.update(day.to_le_bytes());
    let mut rng = ChaCha20Rng::from_seed(h.finalize().into());
    let rules = Rules::default();
    let mut throws = [Chip::Do; 3];
    for t in &mut throws {
        // A stick off the mat (낙) is thrown again.
        *t = loop {
            if let Some(c) = Toss::draw(&rules, &mut rng).chip(&rules) {
                break c;
            }
        };
    }
    Fortune {
        throws,
        marks: throws.map(mark),
    }
}

impl Fortune {
    /// Which of the 64 omens (0..64).
    pub fn index(&self) -> usize {
        let [a, b, c] = self.marks.map(|m| (m - 1) as usize);
        a * 16 + b * 4 + c
    }

    /// The omen's words.
    pub fn omen(&self, lang: Lang) -> &'static str {
        let (en, ko) = OMENS[self.index()];
        match lang {
            Lang::Ko => ko,
            _ => en,
        }
    }
}

/// The message: whose fortune, the three throws, the omen.
pub fn text(f: &Fortune, name: &str, lang: Lang) -> String {
    let [a, b, c] = f.marks;
    match lang {
        Lang::Ko => {
            let throws: Vec<&str> = f.throws.iter().map(|t| t.korean()).collect();
            format!(
                "🎋 **{name} 님의 오늘 윷점**: {} ({a}-{b}-{c})\n> {}\n-# 윷점은 하루에 한 번이에요. 내일 또 던져 보세요.",
                throws.join(" · "),
                f.omen(lang)
            )
        }
        _ => {
            let throws: Vec<String> = f
                .throws
                .iter()
                .map(|t| format!("{} ({})", t.name(), t.korean()))
                .collect();
            format!(
                "🎋 **{name}'s yut fortune for today**: {} ({a}-{b}-{c})\n> {}\n-# One fortune a day: throw again tomorrow.",
                throws.join(" · "),
                f.omen(lang)
            )
        }
    }
}

/// The 64 omens, (English, Korean), in the order 1-1-1, 1-1-2, … 4-4-4.
pub const OMENS: [(&str, &str); 64] = [
    // 1-1-1
    (
        "A seed sleeps under snow; spring already knows its name.",
        "눈 밑에 잠든 씨앗, 봄은 벌써 그 이름을 알아요.",
    ),
    // 1-1-2
    (
        "Small steps on a long road still reach the village.",
        "긴 길도 작은 걸음이 모이면 마을에 닿아요.",
    ),
    // 1-1-3
    (
        "A quiet start; a friend's word turns it bright by summer.",
        "조용한 출발이지만 여름쯤 벗의 한마디가 환하게 바꿔요.",
    ),
    // 1-1-4
    (
        "The slow ox ploughs the deepest furrow.",
        "느린 소가 가장 깊은 고랑을 갈아요.",
    ),
    // 1-2-1
    (
        "Mend the fence first, and the garden keeps its fruit.",
        "울타리를 먼저 고치면 뜰의 열매가 남아요.",
    ),
    // 1-2-2
    (
        "Two hands carry what one could not: ask for help.",
        "한 손으로 못 들 것도 두 손이면 들려요. 도움을 청하세요.",
    ),
    // 1-2-3
    (
        "A letter long awaited arrives with good news.",
        "오래 기다린 편지가 좋은 소식을 안고 와요.",
    ),
    // 1-2-4
    (
        "The kettle sings before the guests knock.",
        "손님이 문을 두드리기 전에 주전자가 먼저 노래해요.",
    ),
    // 1-3-1
    (
        "A door you thought was shut opens at a touch.",
        "닫힌 줄 알았던 문이 살짝 밀자 열려요.",
    ),
    // 1-3-2
    (
        "Rain on the roof, rice in the jar: a calm, full year.",
        "지붕엔 비, 독엔 쌀. 고요하고 넉넉한 해예요.",
    ),
    // 1-3-3
    (
        "The path climbs, but the view pays for every step.",
        "길은 오르막이지만 풍경이 걸음마다 값을 치러 줘요.",
    ),
    // 1-3-4
    (
        "A late bloom is still a bloom; yours comes in autumn.",
        "늦게 핀 꽃도 꽃이에요. 당신의 꽃은 가을에 펴요.",
    ),
    // 1-4-1
    (
        "Luck comes in by the back gate: keep it unlatched.",
        "복이 뒷문으로 들어와요. 빗장을 걸지 마세요.",
    ),
    // 1-4-2
    (
        "An old tool, well sharpened, cuts better than a new one.",
        "잘 간 헌 연장이 새 연장보다 잘 들어요.",
    ),
    // 1-4-3
    (
        "Count your coins twice and spend them once.",
        "돈은 두 번 세고 한 번만 쓰세요.",
    ),
    // 1-4-4
    (
        "From little to much: the year ends richer than it began.",
        "적게 시작해 많이 거둬요. 한 해 끝이 시작보다 넉넉해요.",
    ),
    // 2-1-1
    (
        "Two magpies on the gate: visitors and gifts.",
        "대문에 까치 두 마리, 손님과 선물이 와요.",
    ),
    // 2-1-2
    (
        "A tangle of threads; be patient and each comes free.",
        "실이 엉켰어도 차분히 풀면 한 올씩 풀려요.",
    ),
    // 2-1-3
    (
        "Share your rice cake and the plate comes back fuller.",
        "떡을 나누면 접시가 더 채워져 돌아와요.",
    ),
    // 2-1-4
    (
        "A brisk wind fills the sail: set out without delay.",
        "바람이 돛을 채워요. 미루지 말고 떠나세요.",
    ),
    // 2-2-1
    (
        "Keep your word small and your deeds large.",
        "말은 작게, 일은 크게 하세요.",
    ),
    // 2-2-2
    (
        "A pair of cranes: a bond grows stronger this year.",
        "학 한 쌍이 날아요. 올해는 인연이 더 단단해져요.",
    ),
    // 2-2-3
    (
        "What you lend in spring returns with interest in winter.",
        "봄에 빌려준 것이 겨울에 이자를 붙여 돌아와요.",
    ),
    // 2-2-4
    (
        "Laughter in the house keeps the cold outside.",
        "집 안의 웃음이 추위를 문밖에 세워 둬요.",
    ),
    // 2-3-1
    (
        "Watch the river before you cross; a stone bridge lies upstream.",
        "건너기 전에 강을 살피세요. 위쪽에 돌다리가 있어요.",
    ),
    // 2-3-2
    (
        "A neighbour's lamp lights your way home.",
        "이웃의 등불이 집에 가는 길을 밝혀요.",
    ),
    // 2-3-3
    (
        "Plant in the right season and the harvest plants itself.",
        "제철에 심으면 거둠은 저절로 따라와요.",
    ),
    // 2-3-4
    (
        "A new skill learned now feeds you for many years.",
        "지금 익힌 솜씨가 여러 해를 먹여 살려요.",
    ),
    // 2-4-1
    (
        "The well is deep: draw slowly and the water stays clear.",
        "우물은 깊어요. 천천히 길으면 물이 맑아요.",
    ),
    // 2-4-2
    (
        "Old friends at the table, new plans on the road.",
        "밥상엔 옛 벗, 길 위엔 새 계획이 있어요.",
    ),
    // 2-4-3
    (
        "A small worry flies off like chaff in the wind.",
        "작은 걱정은 바람에 겨처럼 날아가요.",
    ),
    // 2-4-4
    (
        "The sun rises twice for you: once at dawn, once in your heart.",
        "해가 두 번 떠요. 새벽에 한 번, 마음에 한 번.",
    ),
    // 3-1-1
    (
        "Rest the tired horse and it will run the whole road.",
        "지친 말을 쉬게 하면 길 끝까지 달려요.",
    ),
    // 3-1-2
    (
        "A gift given without asking is remembered longest.",
        "묻지 않고 준 선물이 가장 오래 기억돼요.",
    ),
    // 3-1-3
    (
        "Clouds gather but pass; carry an umbrella, not a fear.",
        "구름은 모였다 흩어져요. 걱정 말고 우산만 챙기세요.",
    ),
    // 3-1-4
    (
        "A sudden chance in early summer: take it with both hands.",
        "초여름에 뜻밖의 기회가 와요. 두 손으로 잡으세요.",
    ),
    // 3-2-1
    (
        "Speak gently at home and the house grows warm.",
        "집에서 말을 부드럽게 하면 집이 따뜻해져요.",
    ),
    // 3-2-2
    (
        "Two roads meet; the one with the willow tree is yours.",
        "두 길이 만나요. 버드나무가 선 길이 당신 길이에요.",
    ),
    // 3-2-3
    (
        "The pot you watched so long finally boils.",
        "오래 지켜본 솥이 드디어 끓어요.",
    ),
    // 3-2-4
    (
        "A kind deed done in secret comes back in daylight.",
        "몰래 한 선행이 한낮에 돌아와요.",
    ),
    // 3-3-1
    (
        "A full moon over the fields: plenty and peace.",
        "들판 위에 보름달, 풍년과 평안이에요.",
    ),
    // 3-3-2
    (
        "Your name is spoken well in rooms you have not entered.",
        "들어가 보지 않은 방에서도 당신 이름이 좋게 불려요.",
    ),
    // 3-3-3
    (
        "Three good omens in a row: the year smiles on you.",
        "좋은 징조가 셋 연달아, 한 해가 당신에게 웃어요.",
    ),
    // 3-3-4
    (
        "Climb the hill at dawn and you see the whole year ahead.",
        "새벽에 언덕에 오르면 한 해가 다 내려다보여요.",
    ),
    // 3-4-1
    (
        "Tie the boat well before the storm; the storm will be short.",
        "폭풍 전에 배를 잘 매세요. 폭풍은 짧아요.",
    ),
    // 3-4-2
    (
        "A stranger becomes a friend over a cup of tea.",
        "차 한 잔에 낯선 이가 벗이 돼요.",
    ),
    // 3-4-3
    (
        "Sow kindness in the east; reap it in the west.",
        "동쪽에 친절을 뿌리면 서쪽에서 거둬요.",
    ),
    // 3-4-4
    (
        "Every piece comes home: what you started, you finish.",
        "말이 모두 골인해요. 시작한 일을 끝까지 해내요.",
    ),
    // 4-1-1
    (
        "A strong start; steady the pace and it lasts all year.",
        "힘찬 출발이에요. 걸음을 고르면 한 해 내내 가요.",
    ),
    // 4-1-2
    (
        "The tiger sleeps: this is the time to cross the mountain.",
        "호랑이가 자요. 지금이 산을 넘을 때예요.",
    ),
    // 4-1-3
    (
        "Fortune knocks twice; open the door the second time too.",
        "복이 두 번 두드려요. 두 번째에도 문을 여세요.",
    ),
    // 4-1-4
    (
        "Run, but look back once: someone wants to run with you.",
        "달리되 한 번은 돌아보세요. 함께 뛰고 싶은 이가 있어요.",
    ),
    // 4-2-1
    (
        "A bright year with one cloudy week: wait it out.",
        "밝은 해에 흐린 한 주가 있어요. 기다리면 지나가요.",
    ),
    // 4-2-2
    (
        "What you build with a partner stands for a long time.",
        "짝과 함께 지은 것은 오래 서 있어요.",
    ),
    // 4-2-3
    (
        "The storehouse fills faster than you can count.",
        "곳간이 세는 것보다 빨리 차요.",
    ),
    // 4-2-4
    (
        "Good news travels far: expect a call from afar.",
        "좋은 소식이 멀리 가요. 먼 곳에서 연락이 와요.",
    ),
    // 4-3-1
    (
        "Great strength, gentle hands: you carry others this year.",
        "큰 힘, 부드러운 손. 올해는 남을 업어 줘요.",
    ),
    // 4-3-2
    (
        "The dragon lifts from the pond: a rise in your fortunes.",
        "용이 못에서 솟아요. 운이 올라가요.",
    ),
    // 4-3-3
    (
        "The wind is at your back on every road.",
        "어느 길에서나 바람이 등을 밀어 줘요.",
    ),
    // 4-3-4
    (
        "A feast at year's end, and you are the reason for it.",
        "해 끝에 잔치가 열려요. 그 까닭이 바로 당신이에요.",
    ),
    // 4-4-1
    (
        "High flight, soft landing: dare the big thing.",
        "높이 날고 사뿐히 내려요. 큰일에 도전하세요.",
    ),
    // 4-4-2
    (
        "Two great throws: luck doubled, so share half.",
        "큰 윷이 둘, 복이 곱절이니 반은 나누세요.",
    ),
    // 4-4-3
    (
        "Golden fields as far as you can see.",
        "보이는 끝까지 황금 들판이에요.",
    ),
    // 4-4-4
    (
        "Yut, yut, yut: the best of years. Throw your hat in the air!",
        "윷, 윷, 윷! 더없이 좋은 해예요. 모자를 하늘로 던지세요!",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_fortune_per_person_per_day_per_server() {
        let a = cast(1, 42, 20_000);
        assert_eq!(a, cast(1, 42, 20_000), "the same all day");
        // Over many people and days every omen comes up, and fortunes differ.
        let mut seen = [0u32; 64];
        for user in 0..2_000u64 {
            seen[cast(1, user, 20_000).index()] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
        let differ = (0..50u64)
            .filter(|d| cast(1, 42, 20_000 + *d as i64) != cast(2, 42, 20_000 + *d as i64))
            .count();
        assert!(differ > 40, "another server, another fortune");
    }

    #[test]
    fn marks_read_backdo_as_do_and_mo_as_yut() {
        assert_eq!(mark(Chip::Backdo), 1);
        assert_eq!(mark(Chip::Mo), 4);
        assert_eq!(mark(Chip::Yut), 4);
        let f = Fortune {
            throws: [Chip::Do, Chip::Gae, Chip::Mo],
            marks: [1, 2, 4],
        };
        assert_eq!(f.index(), 4 + 3);
        assert_eq!(f.omen(Lang::En), OMENS[7].0);
    }

    #[test]
    fn every_omen_is_written_in_every_language_and_distinct() {
        let mut en: Vec<&str> = OMENS.iter().map(|o| o.0).collect();
        let mut ko: Vec<&str> = OMENS.iter().map(|o| o.1).collect();
        for list in [&mut en, &mut ko] {
            assert!(list
                .iter()
                .all(|s| !s.trim().is_empty() && s.chars().count() < 200));
            list.sort();
            list.dedup();
            assert_eq!(list.len(), 64);
        }
        assert!(OMENS
            .iter()
            .all(|o| o.1.chars().any(|c| ('가'..='힣').contains(&c))));
    }

    #[test]
    fn the_day_turns_at_midnight_in_korea_for_korean_clients() {
        // 2026-12-01T15:00:00Z is midnight in Seoul.
        let at = 1_796_137_200_000;
        assert_eq!(day_of(at - 1, Lang::Ko) + 1, day_of(at, Lang::Ko));
        assert_eq!(day_of(at - 1, Lang::En), day_of(at, Lang::En));
    }
}
