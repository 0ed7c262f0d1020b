//! The Lua scripts the Redis store runs, each one atomic step: make,
//! complete, take or close a visit, keeping the sets of live visits (all
//! of them, and each user's) that the caps count.
//!
//! The keys under the store's prefix: `{prefix}{id}`, a visit's hash;
//! `{prefix}live`, the sorted set of every live visit (a pending one, or
//! an answered one not yet taken), scored by its expiry in milliseconds;
//! `{prefix}user:{digest}` (`{prefix}user:unbound` for visits of no one),
//! the same for one user's visits. A visit leaves the sets when it is
//! taken or closed, and is pruned from them once past its expiry.

/// What the scripts share: the set of a visit's user, leaving the live
/// sets, and keeping a set, with its time to live, until its last
/// member's expiry.
macro_rules! live_sets {
    () => {
        r"
local function user_set(prefix, visit)
  local principal = redis.call('HGET', visit, 'principal')
  if not principal or principal == '' then principal = 'unbound' end
  return prefix .. 'user:' .. principal
end
local function unlive(prefix, visit, id)
  redis.call('ZREM', prefix .. 'live', id)
  redis.call('ZREM', user_set(prefix, visit), id)
end
local function live_until(set, id, expires, now)
  redis.call('ZADD', set, expires, id)
  local ttl = tonumber(expires) - tonumber(now) + 1
  if redis.call('PTTL', set) < ttl then redis.call('PEXPIRE', set, ttl) end
end
"
    };
}

/// Makes a visit, unless its key exists, its user has their share of live
/// visits, or the store holds its most: one hash, with a time to live,
/// counted in the live sets. KEYS: the visit, the live set, the user's
/// set. ARGV: the key's time to live, now, the visit's expiry, the most
/// live visits, the most per user, the id, then the hash's fields.
pub(super) const CREATE: &str = concat!(
    live_sets!(),
    r"
if redis.call('EXISTS', KEYS[1]) == 1 then return 'exists' end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[2])
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[5]) then return 'user_full' end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 'full' end
redis.call('HSET', KEYS[1], unpack(ARGV, 7))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
live_until(KEYS[2], ARGV[6], ARGV[3], ARGV[2])
live_until(KEYS[3], ARGV[6], ARGV[3], ARGV[2])
return 'ok'
"
);

/// Completes a pending, current visit, once, keeps it live until its
/// answer's expiry, and tells the replicas that wait for it. ARGV: now,
/// the sealed answer, the answer's expiry, the key's new time to live,
/// the channel, the prefix, the id.
pub(super) const COMPLETE: &str = concat!(
    live_sets!(),
    r"
local v = redis.call('HMGET', KEYS[1], 'state', 'expires')
if not v[1] then return 'unknown' end
if tonumber(v[2]) <= tonumber(ARGV[1]) then return 'expired' end
if v[1] == 'closed' then return 'closed' end
if v[1] ~= 'pending' then return 'completed' end
redis.call('HSET', KEYS[1], 'state', 'completed', 'answer', ARGV[2], 'expires', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
live_until(ARGV[6] .. 'live', ARGV[7], ARGV[3], ARGV[1])
live_until(user_set(ARGV[6], KEYS[1]), ARGV[7], ARGV[3], ARGV[1])
redis.call('PUBLISH', ARGV[5], 'completed')
return 'ok'
"
);

/// Takes a completed, current visit's answer, once; the visit is no
/// longer live. ARGV: now, the prefix, the id.
pub(super) const TAKE: &str = concat!(
    live_sets!(),
    r"
local v = redis.call('HMGET', KEYS[1], 'state', 'expires', 'answer')
if not v[1] then return {'unknown'} end
if tonumber(v[2]) <= tonumber(ARGV[1]) then return {'expired'} end
if v[1] == 'pending' then return {'pending'} end
if v[1] == 'taken' then return {'taken'} end
if v[1] == 'closed' then return {'closed'} end
if v[1] ~= 'completed' or not v[3] then return {'corrupt'} end
redis.call('HSET', KEYS[1], 'state', 'taken')
redis.call('HDEL', KEYS[1], 'answer')
unlive(ARGV[2], KEYS[1], ARGV[3])
return {'ok', v[3]}
"
);

/// Closes a pending visit, which is no longer live, and tells the
/// replicas that wait for it; a closed one stays closed. An expired
/// pending visit is closed too (and reported expired), so a replica whose
/// clock lags takes no answer for it. ARGV: now, the channel, the prefix,
/// the id.
pub(super) const CLOSE: &str = concat!(
    live_sets!(),
    r"
local v = redis.call('HMGET', KEYS[1], 'state', 'expires')
if not v[1] then return 'unknown' end
if v[1] == 'pending' then
  redis.call('HSET', KEYS[1], 'state', 'closed')
  unlive(ARGV[3], KEYS[1], ARGV[4])
  redis.call('PUBLISH', ARGV[2], 'closed')
end
if tonumber(v[2]) <= tonumber(ARGV[1]) then return 'expired' end
if v[1] == 'pending' or v[1] == 'closed' then return 'ok' end
if v[1] == 'completed' then return 'completed' end
if v[1] == 'taken' then return 'taken' end
return 'corrupt'
"
);
