// Agent mode (issue 11, "For agents"): while an agent has a customer open on /staff, AI Assist answers
// about that customer's account. The staff page names the account here; the widget gets it now if it
// is loaded, or in its configuration when it loads (assistant-bridge.ts). The ML host checks that the
// caller is staff of this utility and the account is the utility's, and audits the look-up.
import { useEffect } from 'react';

interface AgentAssistGlobal {
  setAgentCustomer?(accountNumber: string | null): void;
}

let current: string | null = null;

const widget = (): AgentAssistGlobal | undefined => (window as { AIAssist?: AgentAssistGlobal }).AIAssist;

/** The customer's account number agent mode is about, or null. */
export function agentCustomer(): string | null {
  return current;
}

/**
 * What the widget's configuration says at load: the open customer, else null (agent mode ends)
 * except on a customer page still loading, where a reload keeps the widget's conversation.
 */
export function agentCustomerAtLoad(pathname: string): string | null | undefined {
  return current ?? (pathname.startsWith('/staff/customers/') ? undefined : null);
}

export function setAgentCustomer(accountNumber: string | null): void {
  current = accountNumber;
  widget()?.setAgentCustomer?.(accountNumber);
}

/** Binds AI Assist to this customer while the calling page shows them (null: nobody yet). */
export function useAgentAssist(accountNumber: string | null): void {
  useEffect(() => {
    if (!accountNumber) return;
    setAgentCustomer(accountNumber);
    return () => setAgentCustomer(null);
  }, [accountNumber]);
}
