#include "telemetry/sources/incident_sources.h"

#include "telemetry/sources/aws_health.h"
#include "telemetry/sources/azure_resource_health.h"
#include "telemetry/sources/gcp_status.h"
#include "telemetry/sources/statuspage.h"
#include "telemetry/sources/pagerduty.h"
#include "telemetry/sources/alertmanager.h"
#include "telemetry/sources/slurm_sacct.h"

namespace slaudit {

const std::vector<IncidentSource>& incident_sources() {
  static const std::vector<IncidentSource> sources = {
      {"statuspage", "a Statuspage page's /api/v2/incidents.json, incidents/unresolved.json or "
                     "scheduled-maintenances.json (curl https://PAGE/api/v2/incidents.json)", read_statuspage},
      {"aws-health", "AWS Health events: `aws health describe-events --output json`, or EventBridge AWS Health Events (an array, or one a line)", read_aws_health},
      {"azure-resource-health", "Azure Resource Health availability statuses: `az rest` GET .../providers/Microsoft.ResourceHealth/availabilityStatuses (value, nextLink)", read_azure_resource_health},
      {"gcp-status", "Google Cloud status history: https://status.cloud.google.com/incidents.json", read_gcp_status},
      {"pagerduty", "PagerDuty incidents: the REST API v2 GET /incidents JSON (one page, an array of pages, or JSON "
                    "Lines of pages: curl https://api.pagerduty.com/incidents?...)", read_pagerduty},
      {"pagerduty-csv", "PagerDuty incidents as CSV (the web UI's incident download, or API field names as columns)",
       read_pagerduty_csv},
      {"prometheus-alerts", "Prometheus alerts: the /api/v1/query_range JSON of ALERTS{alertstate=\"firing\"}; "
                            "each run of points one incident", read_prometheus_alerts},
      {"slurm-sacct", "Slurm job accounting: SLURM_TIME_FORMAT=%Y-%m-%dT%H:%M:%S%z sacct --parsable2 --duplicates; "
                      "NODE_FAIL, preemption and requeue as faults, recovered when the job runs again",
       read_slurm_sacct},
  };
  return sources;
}

const IncidentSource* find_incident_source(std::string_view name) {
  for (const IncidentSource& source : incident_sources())
    if (source.name == name) return &source;
  return nullptr;
}

}  // namespace slaudit
