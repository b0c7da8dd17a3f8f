//! Criterion benchmarks of the batch kernels, so that a regression shows
//! without Python: `cargo bench -p mtgjudge-core --bench kernels`.
//!
//! The inputs are generated here with a fixed seed, in the same shape as
//! `mtgjudge bench`: two attackers against two blockers with mixed keywords,
//! castability with convoke and hybrid mana, and party sizes.

#![allow(clippy::needless_range_loop)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mtgjudge_core::batch::{
    can_pay_batch, party_sizes, resolve_combats, CombatColumns, CombatResults, CombatScratch,
    PartyColumns, PaymentColumns, PAYMENT_FLAG_CONVOKE,
};
use mtgjudge_core::cost::{ManaCost, PaymentSolver, PreparedCost, TotalCost};
use mtgjudge_core::Keyword;

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

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn bit(keyword: Keyword) -> u32 {
    1 << Keyword::ALL.iter().position(|k| *k == keyword).unwrap()
}

/// Columns of `n` two-against-two combats.
struct Combats {
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

fn combats(n: usize, seed: u64) -> Combats {
    use Keyword::*;
    let attacker_keywords = [
        (Flying, 15),
        (FirstStrike, 15),
        (DoubleStrike, 10),
        (Deathtouch, 15),
        (Lifelink, 15),
        (Trample, 20),
        (Menace, 10),
        (Vigilance, 10),
        (Indestructible, 5),
    ];
    let blocker_keywords = [
        (Reach, 20),
        (Flying, 10),
        (FirstStrike, 15),
        (Deathtouch, 15),
        (Lifelink, 10),
        (Indestructible, 5),
    ];
    let mut rng = Rng(seed | 1);
    let mut c = Combats {
        offsets: vec![0],
        life: Vec::new(),
        controller: Vec::new(),
        power: Vec::new(),
        toughness: Vec::new(),
        damage: Vec::new(),
        keywords: Vec::new(),
        attack: Vec::new(),
        blocks: Vec::new(),
    };
    for _ in 0..n {
        c.life.extend([20, 20]);
        let mut masks = [0u32; 4];
        for (row, mask) in masks.iter_mut().enumerate() {
            let table: &[(Keyword, u64)] = if row < 2 {
                &attacker_keywords
            } else {
                &blocker_keywords
            };
            for &(keyword, percent) in table {
                if rng.chance(percent) {
                    *mask |= bit(keyword);
                }
            }
        }
        let mut blocks = [-1i16; 4];
        for blocker in 2..4 {
            blocks[blocker] = match rng.below(5) {
                0 => -1,
                1 | 2 => 0,
                _ => 1,
            };
        }
        // Mostly legal blocks: flying needs flying or reach, menace two blockers.
        for blocker in 2..4 {
            if let Ok(attacker) = usize::try_from(blocks[blocker]) {
                let evades = masks[attacker] & bit(Flying) != 0
                    && masks[blocker] & (bit(Flying) | bit(Reach)) == 0;
                if evades {
                    blocks[blocker] = -1;
                }
            }
        }
        for attacker in 0..2 {
            let count = blocks[2..]
                .iter()
                .filter(|&&b| b == attacker as i16)
                .count();
            if masks[attacker] & bit(Menace) != 0 && count == 1 {
                for b in &mut blocks[2..] {
                    if *b == attacker as i16 {
                        *b = -1;
                    }
                }
            }
        }
        for row in 0..4 {
            c.controller.push(u8::from(row >= 2));
            c.power.push(1 + rng.below(6) as i16);
            c.toughness.push(1 + rng.below(6) as i16);
            c.damage.push(0);
            c.keywords.push(masks[row]);
            c.attack.push(u8::from(row < 2));
            c.blocks.push(blocks[row]);
        }
        c.offsets.push(c.controller.len() as u32);
    }
    c
}

fn bench_combat(criterion: &mut Criterion) {
    let n = 100_000;
    let c = combats(n, 7);
    let input = CombatColumns {
        offsets: &c.offsets,
        life: &c.life,
        controller: &c.controller,
        power: &c.power,
        toughness: &c.toughness,
        damage: &c.damage,
        keywords: &c.keywords,
        attack: &c.attack,
        blocks: &c.blocks,
    };
    let rows = c.controller.len();
    let (mut damage, mut died) = (vec![0i32; rows], vec![false; rows]);
    let (mut life, mut gained, mut status) = (vec![0i32; 2 * n], vec![0i32; 2 * n], vec![0u8; n]);
    let (mut game_over, mut winner) = (vec![false; n], vec![0i8; n]);
    let mut scratch = CombatScratch::new();
    let mut group = criterion.benchmark_group("combat");
    group.throughput(Throughput::Elements(n as u64));
    group.bench_function("two_against_two", |b| {
        b.iter(|| {
            let mut out = CombatResults {
                damage: &mut damage,
                died: &mut died,
                life: &mut life,
                life_gained: &mut gained,
                status: &mut status,
                game_over: &mut game_over,
                winner: &mut winner,
            };
            resolve_combats(black_box(&input), &mut out, 0, &mut scratch).unwrap();
        })
    });
    group.finish();
}

fn bench_cost(criterion: &mut Criterion) {
    let n = 100_000;
    let tables: Vec<TotalCost> = [
        "{2}{G}{W}",
        "{3}{G/W}{G/W}",
        "{1}{W}{W}",
        "{4}{G}",
        "{2}{R/G}{W}",
        "{G/W}{G/W}{G/W}",
    ]
    .iter()
    .map(|text| TotalCost::of(&ManaCost::parse(text).unwrap()).unwrap())
    .collect();
    let costs: Vec<PreparedCost> = tables.iter().map(PreparedCost::new).collect();
    let mut rng = Rng(11);
    let (mut cost, mut pool, mut flags) = (Vec::new(), Vec::new(), Vec::new());
    let (mut offsets, mut colors) = (vec![0u32], Vec::new());
    for _ in 0..n {
        cost.push(rng.below(costs.len() as u64) as u32);
        for _ in 0..6 {
            pool.push(if rng.chance(40) {
                rng.below(3) as u16
            } else {
                0
            });
        }
        flags.push(PAYMENT_FLAG_CONVOKE);
        for _ in 0..rng.below(4) {
            colors.push(rng.below(32) as u8);
        }
        offsets.push(colors.len() as u32);
    }
    let input = PaymentColumns {
        costs: &costs,
        cost: &cost,
        pool: &pool,
        snow: None,
        life: None,
        artifacts: None,
        graveyard: None,
        flags: Some(&flags),
        convokers: Some((&offsets, &colors)),
    };
    let mut payable = vec![false; n];
    let mut solver = PaymentSolver::new();
    let mut group = criterion.benchmark_group("cost");
    group.throughput(Throughput::Elements(n as u64));
    group.bench_function("can_pay_convoke_hybrid", |b| {
        b.iter(|| can_pay_batch(black_box(&input), &mut payable, 0, &mut solver).unwrap())
    });
    group.finish();
}

fn bench_party(criterion: &mut Criterion) {
    let n = 1_000_000;
    let mut rng = Rng(13);
    let (mut offsets, mut types) = (vec![0u32], Vec::new());
    for _ in 0..n {
        for _ in 0..rng.below(7) {
            types.push(if rng.chance(50) {
                0
            } else {
                rng.below(16) as u8
            });
        }
        offsets.push(types.len() as u32);
    }
    let input = PartyColumns {
        offsets: &offsets,
        types: &types,
    };
    let mut sizes = vec![0u8; n];
    let mut group = criterion.benchmark_group("party");
    group.throughput(Throughput::Elements(n as u64));
    group.bench_function("party_size", |b| {
        b.iter(|| party_sizes(black_box(&input), &mut sizes, 0).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench_combat, bench_cost, bench_party);
criterion_main!(benches);
