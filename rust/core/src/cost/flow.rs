//! A small maximum-flow network (Dinic's algorithm) whose memory is reused
//! from query to query. Its running time doesn't depend on the capacities,
//! so a cost of a million generic mana is as fast as a cost of one.

/// The most nodes a network may have (source, sink, 54 resource classes,
/// 48 requirement classes, and room to spare).
pub(crate) const MAX_NODES: usize = 112;

const NO_EDGE: u32 = u32::MAX;

/// A directed graph with capacities; each edge is stored next to its
/// reverse edge (`e ^ 1`), whose capacity is the flow pushed so far.
#[derive(Clone, Debug)]
pub(crate) struct Network {
    nodes: usize,
    head: [u32; MAX_NODES],
    to: Vec<u8>,
    next: Vec<u32>,
    cap: Vec<u64>,
    level: [u32; MAX_NODES],
    cursor: [u32; MAX_NODES],
    queue: [u8; MAX_NODES],
}

impl Network {
    /// A network with room for `edges` edges before it allocates.
    pub(crate) fn with_capacity(edges: usize) -> Network {
        Network {
            nodes: 0,
            head: [NO_EDGE; MAX_NODES],
            to: Vec::with_capacity(2 * edges),
            next: Vec::with_capacity(2 * edges),
            cap: Vec::with_capacity(2 * edges),
            level: [0; MAX_NODES],
            cursor: [NO_EDGE; MAX_NODES],
            queue: [0; MAX_NODES],
        }
    }

    /// Empties the network and gives it `nodes` nodes (at most
    /// [`MAX_NODES`]).
    pub(crate) fn reset(&mut self, nodes: usize) {
        debug_assert!(nodes <= MAX_NODES);
        self.nodes = nodes.min(MAX_NODES);
        self.head[..self.nodes].fill(NO_EDGE);
        self.to.clear();
        self.next.clear();
        self.cap.clear();
    }

    /// Adds an edge and returns its index.
    pub(crate) fn add_edge(&mut self, from: usize, to: usize, cap: u64) -> usize {
        debug_assert!(from < self.nodes && to < self.nodes);
        let index = self.to.len();
        for (a, b, c) in [(from, to, cap), (to, from, 0)] {
            self.to.push(b as u8);
            self.next.push(self.head[a]);
            self.cap.push(c);
            self.head[a] = self.to.len() as u32 - 1;
        }
        index
    }

    /// Sets the remaining capacity of an edge that carries no flow yet.
    pub(crate) fn set_capacity(&mut self, edge: usize, cap: u64) {
        self.cap[edge] = cap;
    }

    /// The flow pushed through an edge added with [`Network::add_edge`].
    pub(crate) fn flow(&self, edge: usize) -> u64 {
        self.cap[edge ^ 1]
    }

    /// Pushes as much more flow as possible from `source` to `sink`, on top
    /// of the flow already there, and returns how much was added. Flow
    /// already leaving `source` or entering `sink` on an edge is never taken
    /// back.
    pub(crate) fn augment(&mut self, source: usize, sink: usize) -> u64 {
        let mut total: u64 = 0;
        while self.levels(source, sink) {
            self.cursor[..self.nodes].copy_from_slice(&self.head[..self.nodes]);
            loop {
                let pushed = self.push(source, sink, u64::MAX);
                if pushed == 0 {
                    break;
                }
                total = total.saturating_add(pushed);
            }
        }
        total
    }

    /// Breadth-first levels from `source`; whether `sink` is reachable.
    fn levels(&mut self, source: usize, sink: usize) -> bool {
        self.level[..self.nodes].fill(u32::MAX);
        self.level[source] = 0;
        self.queue[0] = source as u8;
        let (mut read, mut write) = (0, 1);
        while read < write {
            let node = usize::from(self.queue[read]);
            read += 1;
            let mut edge = self.head[node];
            while edge != NO_EDGE {
                let e = edge as usize;
                let next = usize::from(self.to[e]);
                if self.cap[e] > 0 && self.level[next] == u32::MAX {
                    self.level[next] = self.level[node] + 1;
                    self.queue[write] = next as u8;
                    write += 1;
                }
                edge = self.next[e];
            }
        }
        self.level[sink] != u32::MAX
    }

    /// One augmenting path in the level graph (depth at most the number of
    /// nodes).
    fn push(&mut self, node: usize, sink: usize, limit: u64) -> u64 {
        if node == sink {
            return limit;
        }
        while self.cursor[node] != NO_EDGE {
            let e = self.cursor[node] as usize;
            let next = usize::from(self.to[e]);
            if self.cap[e] > 0 && self.level[next] == self.level[node] + 1 {
                let pushed = self.push(next, sink, limit.min(self.cap[e]));
                if pushed > 0 {
                    self.cap[e] -= pushed;
                    self.cap[e ^ 1] += pushed;
                    return pushed;
                }
            }
            self.cursor[node] = self.next[e];
        }
        0
    }
}
