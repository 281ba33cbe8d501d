#pragma once
// The optional target map (`--targets map.json`): which service and cluster
// each probe target belongs to, for contracts whose probe blocks do not list
// their targets. {"probe-fra-1": {"service": "training", "cluster": "fra-a"}};
// in a fleet audit, the resource a target probes: {"web-probe-7": {"service":
// "vm", "resource": "vm-007"}}.
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace slaudit::probe {

struct TargetHome {
  std::string service;
  std::optional<std::string> cluster;
  std::optional<std::string> resource;  // a fleet resource's id
};

struct TargetMap {
  std::map<std::string, TargetHome, std::less<>> targets;
};

struct TargetMapResult {
  std::optional<TargetMap> map;
  std::string error;  // "map.json: target "x": expected an object with a string "service""
};

TargetMapResult parse_target_map(std::string_view json_text, std::string_view name);

}  // namespace slaudit::probe
