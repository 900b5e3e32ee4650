import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentCustomer, agentCustomerAtLoad, useAgentAssist } from './agent-assist.ts';

type Global = Window & { AIAssist?: { setAgentCustomer: ReturnType<typeof vi.fn> } };

describe('agent mode', () => {
  afterEach(() => {
    cleanup();
    delete (window as Global).AIAssist;
  });

  it('binds a loaded widget to the open customer and ends agent mode when the page goes', () => {
    const setAgent = vi.fn();
    (window as Global).AIAssist = { setAgentCustomer: setAgent };
    const { rerender, unmount } = renderHook(({ account }) => useAgentAssist(account), {
      initialProps: { account: null as string | null },
    });
    // Nobody open yet (the look-up is loading): nothing is bound.
    expect(setAgent).not.toHaveBeenCalled();
    rerender({ account: '1000000001' });
    expect(setAgent).toHaveBeenLastCalledWith('1000000001');
    expect(agentCustomer()).toBe('1000000001');
    rerender({ account: '2000000002' });
    expect(setAgent.mock.calls.map((call) => call[0])).toEqual(['1000000001', null, '2000000002']);
    unmount();
    expect(setAgent).toHaveBeenLastCalledWith(null);
    expect(agentCustomer()).toBeNull();
  });

  it('tells a widget that loads later: the open customer, else null, and keeps it while a customer page loads', () => {
    expect(agentCustomerAtLoad('/')).toBeNull();
    expect(agentCustomerAtLoad('/staff/customers/1000000001')).toBeUndefined();
    const { unmount } = renderHook(() => useAgentAssist('1000000001'));
    expect(agentCustomerAtLoad('/staff/customers/1000000001')).toBe('1000000001');
    expect(agentCustomerAtLoad('/staff')).toBe('1000000001');
    unmount();
    expect(agentCustomerAtLoad('/staff')).toBeNull();
  });
});
