//! Tests of the batch functions: the fast combat resolver against the
//! general kernel on random combats, the status codes, every kind of bad
//! input, and the cost and party batches against single calls.

use super::*;
use crate::batch::combat::BATCH_KEYWORDS;
use crate::combat::{AttackFault, BlockFault};
use crate::cost::{ManaCost, PaymentSolver, PreparedCost, Resources, TotalCost};
use crate::party::{party_size, PartyTypes};
use crate::{Keyword, Keywords};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn range(&mut self, low: i64, high: i64) -> i64 {
        low + self.below((high - low + 1) as u64) as i64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Owned combat columns.
#[derive(Default)]
struct Columns {
    offsets: Vec<u32>,
    life: Vec<i32>,
    controller: Vec<u8>,
    power: Vec<i16>,
    toughness: Vec<i16>,
    damage: Vec<i16>,
    keywords: Vec<u32>,
    attack: Vec<u8>,
    blocks: Vec<i16>,
}

impl Columns {
    fn view(&self) -> CombatColumns<'_> {
        CombatColumns {
            offsets: &self.offsets,
            life: &self.life,
            controller: &self.controller,
            power: &self.power,
            toughness: &self.toughness,
            damage: &self.damage,
            keywords: &self.keywords,
            attack: &self.attack,
            blocks: &self.blocks,
        }
    }
}

/// Owned results.
#[derive(Debug, PartialEq)]
struct Results {
    damage: Vec<i32>,
    died: Vec<bool>,
    life: Vec<i32>,
    life_gained: Vec<i32>,
    status: Vec<u8>,
    game_over: Vec<bool>,
    winner: Vec<i8>,
}

type Resolver = fn(
    &CombatColumns<'_>,
    &mut CombatResults<'_>,
    usize,
    &mut CombatScratch,
) -> Result<(), BatchError>;

fn run(columns: &Columns, resolver: Resolver) -> Result<Results, BatchError> {
    let rows = columns.controller.len();
    let combats = columns.offsets.len().saturating_sub(1);
    let mut results = Results {
        damage: vec![-7; rows],
        died: vec![true; rows],
        life: vec![-7; 2 * combats],
        life_gained: vec![-7; 2 * combats],
        status: vec![99; combats],
        game_over: vec![true; combats],
        winner: vec![7; combats],
    };
    let mut out = CombatResults {
        damage: &mut results.damage,
        died: &mut results.died,
        life: &mut results.life,
        life_gained: &mut results.life_gained,
        status: &mut results.status,
        game_over: &mut results.game_over,
        winner: &mut results.winner,
    };
    resolver(&columns.view(), &mut out, 0, &mut CombatScratch::new())?;
    Ok(results)
}

/// Random combats of 0 to `max_rows` creatures with every keyword, odd
/// characteristics, illegal declarations and extreme life totals.
fn random_combats(rng: &mut Rng, combats: usize, max_rows: u64) -> Columns {
    let mut c = Columns {
        offsets: vec![0],
        ..Columns::default()
    };
    let all = Keywords::ALL.bits();
    for _ in 0..combats {
        let rows = rng.below(max_rows + 1) as usize;
        for _ in 0..2 {
            c.life.push(match rng.below(10) {
                0 => i32::MIN + rng.below(40) as i32,
                1 => i32::MAX - rng.below(40) as i32,
                2 => rng.range(-5, 5) as i32,
                _ => 20,
            });
        }
        let attackers = rng.below(rows as u64 + 1) as usize;
        for row in 0..rows {
            let attacking = row < attackers;
            // Mostly the right controller, sometimes the wrong one.
            let controller = u8::from(!attacking) ^ u8::from(rng.chance(3));
            c.controller.push(controller);
            c.power.push(rng.range(-2, 9) as i16);
            c.toughness.push(rng.range(-1, 7) as i16);
            c.damage.push(if rng.chance(30) {
                rng.range(0, 5) as i16
            } else {
                0
            });
            let mut keywords = 0u32;
            for bit in 0..Keyword::ALL.len() {
                if !BATCH_KEYWORDS.contains(Keyword::ALL[bit]) {
                    continue;
                }
                // Defender, decayed and shadow make declarations illegal: rarer.
                let percent = match Keyword::ALL[bit] {
                    Keyword::Defender | Keyword::Decayed | Keyword::Shadow => 2,
                    _ => 15,
                };
                if rng.chance(percent) {
                    keywords |= 1 << bit;
                }
            }
            c.keywords.push(keywords & all);
            c.attack.push(u8::from(attacking));
            let blocks = if attacking || attackers == 0 || rng.chance(15) {
                if rng.chance(5) && rows > 0 {
                    rng.below(rows as u64) as i16
                } else {
                    -1
                }
            } else {
                let past = u64::from(rng.chance(5));
                rng.below(attackers as u64 + past) as i16
            };
            c.blocks.push(blocks.min(rows as i16 - 1));
        }
        c.offsets.push(c.controller.len() as u32);
    }
    c
}

#[test]
fn the_fast_resolver_matches_the_kernel() {
    let mut rng = Rng(0x5eed);
    let mut statuses = [0usize; CombatStatus::ALL.len()];
    let mut first_strike = 0;
    let mut game_overs = 0;
    for round in 0..40 {
        let columns = random_combats(&mut rng, 500, if round % 4 == 0 { 12 } else { 5 });
        let fast = run(&columns, resolve_combats).unwrap();
        let kernel = run(&columns, resolve_combats_through_kernel).unwrap();
        if fast != kernel {
            // Find the first combat that differs, for the message.
            for combat in 0..columns.offsets.len() - 1 {
                let rows = columns.offsets[combat] as usize..columns.offsets[combat + 1] as usize;
                let same = fast.damage[rows.clone()] == kernel.damage[rows.clone()]
                    && fast.died[rows.clone()] == kernel.died[rows.clone()]
                    && fast.life[2 * combat..2 * combat + 2]
                        == kernel.life[2 * combat..2 * combat + 2]
                    && fast.life_gained[2 * combat..2 * combat + 2]
                        == kernel.life_gained[2 * combat..2 * combat + 2]
                    && fast.status[combat] == kernel.status[combat]
                    && fast.game_over[combat] == kernel.game_over[combat]
                    && fast.winner[combat] == kernel.winner[combat];
                assert!(
                    same,
                    "combat {combat}: rows {:?}\ncontroller {:?} power {:?} toughness {:?} damage {:?} keywords {:?} attack {:?} blocks {:?} life {:?}\nfast damage {:?} died {:?} life {:?} gained {:?} status {}\nkernel damage {:?} died {:?} life {:?} gained {:?} status {}",
                    rows,
                    &columns.controller[rows.clone()],
                    &columns.power[rows.clone()],
                    &columns.toughness[rows.clone()],
                    &columns.damage[rows.clone()],
                    &columns.keywords[rows.clone()],
                    &columns.attack[rows.clone()],
                    &columns.blocks[rows.clone()],
                    &columns.life[2 * combat..2 * combat + 2],
                    &fast.damage[rows.clone()],
                    &fast.died[rows.clone()],
                    &fast.life[2 * combat..2 * combat + 2],
                    &fast.life_gained[2 * combat..2 * combat + 2],
                    fast.status[combat],
                    &kernel.damage[rows.clone()],
                    &kernel.died[rows.clone()],
                    &kernel.life[2 * combat..2 * combat + 2],
                    &kernel.life_gained[2 * combat..2 * combat + 2],
                    kernel.status[combat],
                );
            }
        }
        for &status in &fast.status {
            statuses[usize::from(status)] += 1;
        }
        game_overs += fast.game_over.iter().filter(|&&over| over).count();
        first_strike += columns.keywords.iter().filter(|&&k| k & 0b110 != 0).count();
    }
    // The random combats reach the interesting cases.
    let resolved = statuses[0];
    assert!(resolved > 5_000, "{statuses:?}");
    assert!(first_strike > 1_000);
    assert!(game_overs > 500, "{game_overs}");
    for status in [
        CombatStatus::IllegalAttack(AttackFault::NotControlledByActivePlayer),
        CombatStatus::IllegalAttack(AttackFault::Defender),
        CombatStatus::IllegalBlock(BlockFault::NotAttacking),
        CombatStatus::IllegalBlock(BlockFault::NotDefending),
        CombatStatus::IllegalBlock(BlockFault::Tapped),
        CombatStatus::IllegalBlock(BlockFault::Flying),
        CombatStatus::IllegalBlock(BlockFault::Menace),
        CombatStatus::IllegalBlock(BlockFault::Decayed),
        CombatStatus::IllegalBlock(BlockFault::Shadow),
    ] {
        assert!(
            statuses[usize::from(status.code())] > 0,
            "{status:?}: {statuses:?}"
        );
    }
}

fn two_against_two() -> Columns {
    // A 3/3 trampler blocked by a 2/2; a 2/2 lifelinker unblocked.
    Columns {
        offsets: vec![0, 4],
        life: vec![20, 20],
        controller: vec![0, 0, 1, 1],
        power: vec![3, 2, 2, 1],
        toughness: vec![3, 2, 2, 4],
        damage: vec![0; 4],
        keywords: vec![
            Keywords::EMPTY.with(Keyword::Trample).bits(),
            Keywords::EMPTY.with(Keyword::Lifelink).bits(),
            0,
            0,
        ],
        attack: vec![1, 1, 0, 0],
        blocks: vec![-1, -1, 0, -1],
    }
}

#[test]
fn a_small_combat() {
    let results = run(&two_against_two(), resolve_combats).unwrap();
    assert_eq!(results.status, [0]);
    // 2 to the blocker, 1 tramples over (702.19b); 2 unblocked.
    assert_eq!(results.damage, [2, 0, 2, 0]);
    assert_eq!(results.died, [false, false, true, false]);
    assert_eq!(results.life, [22, 17]);
    assert_eq!(results.life_gained, [2, 0]);
}

#[test]
fn an_illegal_combat_is_not_resolved() {
    let mut columns = two_against_two();
    columns.keywords[0] |= Keywords::EMPTY.with(Keyword::Flying).bits();
    columns.damage[3] = 1;
    let results = run(&columns, resolve_combats).unwrap();
    let status = CombatStatus::ALL[usize::from(results.status[0])];
    assert_eq!(status, CombatStatus::IllegalBlock(BlockFault::Flying));
    assert_eq!(status.rule(), Some("702.9b"));
    assert_eq!(results.damage, [0, 0, 0, 1]);
    assert_eq!(results.died, [false; 4]);
    assert_eq!(results.life, [20, 20]);
    assert_eq!(results.life_gained, [0, 0]);
}

#[test]
fn the_game_ends_at_the_check_that_makes_a_player_lose() {
    // An unblocked 3/3 with double strike and lifelink against a player at
    // 3 life: 0 after the first-strike step (510.4, 702.4b), Alice at 23
    // (702.15b). Bob loses at that check (704.5a), and in a two-player game
    // Alice wins (104.2a): the game is over, so no regular step (104.1).
    // Combat 1: against 7 life, nobody loses and the game goes on.
    // Combat 2: Alice starts at -3 and gains 3 as Bob goes to 0: both lose
    // at the same check, a draw (104.4a).
    let double_lifelink = Keywords::EMPTY
        .with(Keyword::DoubleStrike)
        .with(Keyword::Lifelink)
        .bits();
    let columns = Columns {
        offsets: vec![0, 1, 2, 3],
        life: vec![20, 3, 20, 7, -3, 3],
        controller: vec![0; 3],
        power: vec![3; 3],
        toughness: vec![3; 3],
        damage: vec![0; 3],
        keywords: vec![double_lifelink; 3],
        attack: vec![1; 3],
        blocks: vec![-1; 3],
    };
    for resolver in [resolve_combats as Resolver, resolve_combats_through_kernel] {
        let results = run(&columns, resolver).unwrap();
        assert_eq!(results.life, [23, 0, 26, 1, 0, 0]);
        assert_eq!(results.life_gained, [3, 0, 6, 0, 3, 0]);
        assert_eq!(results.game_over, [true, false, true]);
        assert_eq!(results.winner, [0, NO_WINNER, NO_WINNER]);
    }
}

#[test]
fn status_codes_are_indices_and_names_are_distinct() {
    for (code, status) in CombatStatus::ALL.iter().enumerate() {
        assert_eq!(usize::from(status.code()), code);
        let same_name = CombatStatus::ALL
            .iter()
            .filter(|other| other.name() == status.name())
            .count();
        assert_eq!(same_name, 1, "{}", status.name());
        assert_eq!(status.rule().is_none(), code == 0);
    }
}

#[test]
fn an_empty_batch_gives_empty_results() {
    let columns = Columns {
        offsets: vec![0],
        ..Columns::default()
    };
    let results = run(&columns, resolve_combats).unwrap();
    assert!(results.status.is_empty() && results.damage.is_empty());
    // Combats without creatures are fine too.
    let columns = Columns {
        offsets: vec![0, 0, 0],
        life: vec![1, 2, 3, 4],
        ..Columns::default()
    };
    let results = run(&columns, resolve_combats).unwrap();
    assert_eq!(results.status, [0, 0]);
    assert_eq!(results.life, [1, 2, 3, 4]);
}

fn error_of(columns: &Columns) -> BatchError {
    let fast = run(columns, resolve_combats).unwrap_err();
    let kernel = run(columns, resolve_combats_through_kernel).unwrap_err();
    assert_eq!(fast, kernel);
    fast
}

#[test]
fn bad_input_names_the_row_and_the_column() {
    type Case = (
        &'static str,
        fn(&mut Columns),
        Unit,
        Option<usize>,
        &'static str,
    );
    let cases: [Case; 12] = [
        (
            "no offsets",
            |c| c.offsets.clear(),
            Unit::Row,
            None,
            "offsets",
        ),
        (
            "ragged power",
            |c| {
                c.power.pop();
            },
            Unit::Row,
            None,
            "power",
        ),
        ("ragged life", |c| c.life.push(3), Unit::Row, None, "life"),
        (
            "offsets past the rows",
            |c| c.offsets[1] = 5,
            Unit::Row,
            None,
            "controller",
        ),
        (
            "decreasing offsets",
            |c| c.offsets = vec![0, 3, 2, 4],
            Unit::Offset,
            Some(2),
            "offsets",
        ),
        (
            "a third player",
            |c| c.controller[2] = 2,
            Unit::Row,
            Some(2),
            "controller",
        ),
        (
            "negative damage",
            |c| c.damage[1] = -1,
            Unit::Row,
            Some(1),
            "damage",
        ),
        (
            "unknown keyword",
            |c| c.keywords[3] = 1 << 30,
            Unit::Row,
            Some(3),
            "keywords",
        ),
        (
            "attack 2",
            |c| c.attack[0] = 2,
            Unit::Row,
            Some(0),
            "attack",
        ),
        (
            "blocks -2",
            |c| c.blocks[2] = -2,
            Unit::Row,
            Some(2),
            "blocks",
        ),
        (
            "blocks past the combat",
            |c| c.blocks[2] = 4,
            Unit::Row,
            Some(2),
            "blocks",
        ),
        (
            "too big a combat",
            |c| {
                let rows = MAX_COMBAT_ROWS + 1;
                c.offsets = vec![0, rows as u32];
                c.controller = vec![0; rows];
                c.power = vec![1; rows];
                c.toughness = vec![1; rows];
                c.damage = vec![0; rows];
                c.keywords = vec![0; rows];
                c.attack = vec![0; rows];
                c.blocks = vec![-1; rows];
            },
            Unit::Combat,
            Some(0),
            "offsets",
        ),
    ];
    for (what, spoil, unit, index, column) in cases {
        let mut columns = two_against_two();
        spoil(&mut columns);
        if what == "decreasing offsets" {
            columns.life = vec![20; 6];
        }
        let error = error_of(&columns);
        assert_eq!(
            (error.unit, error.index, error.column),
            (unit, index, column),
            "{what}: {error}"
        );
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn errors_count_rows_over_the_whole_batch() {
    let mut columns = two_against_two();
    // Two combats; the second has a bad row.
    columns.offsets = vec![0, 4, 8];
    columns.life = vec![20; 4];
    columns.controller.extend_from_within(..);
    columns.power.extend_from_within(..);
    columns.toughness.extend_from_within(..);
    columns.damage.extend_from_within(..);
    columns.keywords.extend_from_within(..);
    columns.attack.extend_from_within(..);
    columns.blocks.extend_from_within(..);
    columns.blocks[6] = 7;
    let error = error_of(&columns);
    assert_eq!(
        (error.unit, error.index, error.column),
        (Unit::Row, Some(6), "blocks")
    );
    assert_eq!(
        error.to_string(),
        "row 6, column 'blocks': 7 is not a creature of the combat (-1, or 0 to 3)"
    );
}

#[test]
fn a_range_of_a_batch_resolves_like_the_whole() {
    let mut rng = Rng(99);
    let columns = random_combats(&mut rng, 300, 6);
    let whole = run(&columns, resolve_combats).unwrap();
    let offsets = Offsets {
        offsets: &columns.offsets,
        column: "offsets",
    };
    let bounds = offsets.split(64);
    assert_eq!(bounds.first(), Some(&0));
    assert_eq!(bounds.last(), Some(&300));
    assert!(bounds.windows(2).all(|w| w[0] < w[1]));
    for window in bounds.windows(2) {
        let (a, b) = (window[0], window[1]);
        let rows = columns.offsets[a] as usize..columns.offsets[b] as usize;
        let input = CombatColumns {
            offsets: &columns.offsets[a..=b],
            life: &columns.life[2 * a..2 * b],
            controller: &columns.controller[rows.clone()],
            power: &columns.power[rows.clone()],
            toughness: &columns.toughness[rows.clone()],
            damage: &columns.damage[rows.clone()],
            keywords: &columns.keywords[rows.clone()],
            attack: &columns.attack[rows.clone()],
            blocks: &columns.blocks[rows.clone()],
        };
        let n = rows.len();
        let (mut damage, mut died) = (vec![0; n], vec![false; n]);
        let (mut life, mut gained, mut status) =
            (vec![0; 2 * (b - a)], vec![0; 2 * (b - a)], vec![0; b - a]);
        let (mut game_over, mut winner) = (vec![false; b - a], vec![0; b - a]);
        let mut out = CombatResults {
            damage: &mut damage,
            died: &mut died,
            life: &mut life,
            life_gained: &mut gained,
            status: &mut status,
            game_over: &mut game_over,
            winner: &mut winner,
        };
        resolve_combats(&input, &mut out, a, &mut CombatScratch::new()).unwrap();
        assert_eq!(damage, whole.damage[rows.clone()]);
        assert_eq!(died, whole.died[rows]);
        assert_eq!(life, whole.life[2 * a..2 * b]);
        assert_eq!(status, whole.status[a..b]);
        assert_eq!(game_over, whole.game_over[a..b]);
        assert_eq!(winner, whole.winner[a..b]);
    }
}

#[test]
fn payments_match_single_calls() {
    let tables: Vec<TotalCost> = [
        "{2}{G}{W}",
        "{3}{G/W}{G/W}",
        "{1}{B/P}",
        "{2/R}{S}",
        "",
        "{0}",
    ]
    .iter()
    .map(|text| TotalCost::of(&ManaCost::parse(text).unwrap()).unwrap())
    .collect();
    let costs: Vec<PreparedCost> = tables.iter().map(PreparedCost::new).collect();
    let mut rng = Rng(7);
    let n = 2_000;
    let (mut cost, mut pool, mut snow, mut life, mut flags) =
        (vec![], vec![], vec![], vec![], vec![]);
    let (mut artifacts, mut graveyard) = (vec![], vec![]);
    let (mut offsets, mut colors) = (vec![0u32], vec![]);
    for _ in 0..n {
        cost.push(rng.below(costs.len() as u64) as u32);
        for _ in 0..6 {
            let mana = rng.below(3) as u16;
            pool.push(mana);
            snow.push(rng.below(u64::from(mana) + 1) as u16);
        }
        life.push(rng.range(-2, 6) as i32);
        flags.push(rng.below(8) as u8);
        artifacts.push(rng.below(3) as u16);
        graveyard.push(rng.below(3) as u16);
        for _ in 0..rng.below(4) {
            colors.push(rng.below(32) as u8);
        }
        offsets.push(colors.len() as u32);
    }
    let input = PaymentColumns {
        costs: &costs,
        cost: &cost,
        pool: &pool,
        snow: Some(&snow),
        life: Some(&life),
        artifacts: Some(&artifacts),
        graveyard: Some(&graveyard),
        flags: Some(&flags),
        convokers: Some((&offsets, &colors)),
    };
    let mut payable = vec![false; n];
    let mut solver = PaymentSolver::new();
    can_pay_batch(&input, &mut payable, 0, &mut solver).unwrap();
    let mut yes = 0;
    for q in 0..n {
        let mut resources = Resources {
            life: life[q],
            artifacts: u32::from(artifacts[q]),
            graveyard: u32::from(graveyard[q]),
            convoke: flags[q] & PAYMENT_FLAG_CONVOKE != 0,
            improvise: flags[q] & PAYMENT_FLAG_IMPROVISE != 0,
            delve: flags[q] & PAYMENT_FLAG_DELVE != 0,
            ..Resources::default()
        };
        for t in 0..6 {
            resources.pool.mana[t] = u32::from(pool[6 * q + t]);
            resources.pool.snow[t] = u32::from(snow[6 * q + t]);
        }
        for &c in &colors[offsets[q] as usize..offsets[q + 1] as usize] {
            resources.creatures[usize::from(c)] += 1;
        }
        let single = solver
            .can_pay(&tables[cost[q] as usize], &resources)
            .unwrap();
        assert_eq!(payable[q], single, "query {q}");
        yes += usize::from(single);
    }
    assert!(yes > n / 10 && yes < n * 9 / 10, "{yes}");
    // Bad input.
    let bad_cost = [7u32];
    let one = PaymentColumns {
        cost: &bad_cost,
        pool: &pool[..6],
        snow: None,
        life: None,
        artifacts: None,
        graveyard: None,
        flags: None,
        convokers: None,
        ..input
    };
    let error = can_pay_batch(&one, &mut payable[..1], 0, &mut solver).unwrap_err();
    assert_eq!(
        (error.unit, error.index, error.column),
        (Unit::Query, Some(0), "cost")
    );
    let error = can_pay_batch(
        &PaymentColumns {
            pool: &pool[..5],
            cost: &cost[..1],
            ..one
        },
        &mut payable[..1],
        0,
        &mut solver,
    )
    .unwrap_err();
    assert_eq!((error.index, error.column), (None, "pool"));
    let too_much_snow = [1u16, 0, 0, 0, 0, 0];
    let error = can_pay_batch(
        &PaymentColumns {
            cost: &cost[..1],
            pool: &[0; 6],
            snow: Some(&too_much_snow),
            ..one
        },
        &mut payable[..1],
        0,
        &mut solver,
    )
    .unwrap_err();
    assert_eq!((error.index, error.column), (Some(0), "snow"));
    let bad_colors = [32u8];
    let offsets = [0u32, 1];
    let error = can_pay_batch(
        &PaymentColumns {
            cost: &cost[..1],
            convokers: Some((&offsets, &bad_colors)),
            ..one
        },
        &mut payable[..1],
        0,
        &mut solver,
    )
    .unwrap_err();
    assert_eq!(
        (error.unit, error.index, error.column),
        (Unit::Row, Some(0), "convoker_colors")
    );
    let bad_flags = [8u8];
    let error = can_pay_batch(
        &PaymentColumns {
            cost: &cost[..1],
            flags: Some(&bad_flags),
            ..one
        },
        &mut payable[..1],
        0,
        &mut solver,
    )
    .unwrap_err();
    assert_eq!((error.index, error.column), (Some(0), "flags"));
}

#[test]
fn party_sizes_match_single_calls() {
    let mut rng = Rng(3);
    let (mut offsets, mut types) = (vec![0u32], vec![]);
    for _ in 0..3_000 {
        for _ in 0..rng.below(7) {
            types.push(rng.below(16) as u8);
        }
        offsets.push(types.len() as u32);
    }
    let input = PartyColumns {
        offsets: &offsets,
        types: &types,
    };
    let mut sizes = vec![9u8; 3_000];
    party_sizes(&input, &mut sizes, 0).unwrap();
    for p in 0..3_000 {
        let members = &types[offsets[p] as usize..offsets[p + 1] as usize];
        assert_eq!(
            sizes[p],
            party_size(members.iter().map(|&t| PartyTypes::from_bits(t)))
        );
    }
    let bad = [1u8, 16];
    let error = party_sizes(
        &PartyColumns {
            offsets: &[0, 2],
            types: &bad,
        },
        &mut sizes[..1],
        0,
    )
    .unwrap_err();
    assert_eq!(
        (error.unit, error.index, error.column),
        (Unit::Row, Some(1), "types")
    );
    let error = party_sizes(
        &PartyColumns {
            offsets: &[0, 3],
            types: &bad,
        },
        &mut sizes[..1],
        0,
    )
    .unwrap_err();
    assert_eq!((error.index, error.column), (None, "types"));
    let mut none: [u8; 0] = [];
    party_sizes(
        &PartyColumns {
            offsets: &[0],
            types: &[],
        },
        &mut none,
        0,
    )
    .unwrap();
}
