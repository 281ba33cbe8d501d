#include "telemetry/probe/probe_target_map.h"

#include <nlohmann/json.hpp>

namespace slaudit::probe {

TargetMapResult parse_target_map(std::string_view text, std::string_view name) {
  TargetMapResult out;
  const std::string where(name);
  nlohmann::json doc = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded()) {
    out.error = where + ": not valid JSON";
    return out;
  }
  if (!doc.is_object()) {
    out.error = where + ": expected an object of targets, e.g. {\"probe-1\": {\"service\": \"training\"}}";
    return out;
  }
  TargetMap map;
  for (const auto& [target, home] : doc.items()) {
    const auto service = home.is_object() ? home.find("service") : home.end();
    if (!home.is_object() || service == home.end() || !service->is_string()) {
      out.error = where + ": target \"" + target + "\": expected an object with a string \"service\"";
      return out;
    }
    TargetHome h{service->get<std::string>(), std::nullopt};
    if (auto c = home.find("cluster"); c != home.end()) {
      if (!c->is_string()) {
        out.error = where + ": target \"" + target + "\": \"cluster\" must be a string";
        return out;
      }
      h.cluster = c->get<std::string>();
    }
    for (const auto& [key, value] : home.items())
      if (key != "service" && key != "cluster") {
        out.error = where + ": target \"" + target + "\": unknown key \"" + key + "\" (expected service, cluster)";
        return out;
      }
    map.targets.emplace(target, std::move(h));
  }
  out.map = std::move(map);
  return out;
}

}  // namespace slaudit::probe
