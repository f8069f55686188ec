/**
 * Sets `key` as the newest entry of `map`; when that takes the map past `limit`, the entry
 * set longest ago goes (a Map keeps its insertion order).
 */
export function setBounded<Key, Value>(
  map: Map<Key, Value>,
  key: Key,
  value: Value,
  limit: number,
): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value!);
}
