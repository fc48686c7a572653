import { COMPLIANCE_STATUS_LABELS, COMPLIANCE_STATUSES } from '../../../common/compliance-values';
import type { ComplianceStatus } from '../../../common/compliance-values';
import { isComplianceStatus } from '../../../common/compliance-values';
import { RadioSwitch } from '../primitives/RadioSwitch';

/** The six-way status switch of a compliance task; 1–6 in its view set the same six. */
export function ComplianceStatusControl(props: {
  readonly value: string;
  readonly onChange: (status: ComplianceStatus) => void;
}) {
  return (
    <RadioSwitch
      options={COMPLIANCE_STATUSES}
      labels={COMPLIANCE_STATUS_LABELS}
      value={isComplianceStatus(props.value) ? props.value : null}
      label="Status"
      onChoose={props.onChange}
      hint={(s, i) => `${COMPLIANCE_STATUS_LABELS[s]} (${i + 1})`}
      modifier="status__option"
      className="status status--six"
    />
  );
}
