import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainSegmented, PlainSelect, PlainTabs } from './plain.tsx';

const tabs = [
  { key: 'overview', label: 'Overview' },
  { key: 'alarm', label: 'Alarm' },
  { key: 'error', label: 'Error' },
] as const;
type Tab = (typeof tabs)[number]['key'];

function TabsHarness() {
  const [active, setActive] = useState<Tab>('overview');
  return (
    <PlainTabs items={tabs} activeKey={active} onChange={setActive}>
      <p>panel of {active}</p>
    </PlainTabs>
  );
}

describe('PlainTabs', () => {
  it('selects by click and by arrow keys, with one tab stop and a panel labelled by its tab', () => {
    render(<TabsHarness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Overview' }).textContent).toBe('panel of overview');
    expect(tab('Alarm').tabIndex).toBe(-1);

    fireEvent.click(tab('Error'));
    expect(tab('Error').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Error' }).textContent).toBe('panel of error');

    // From the last tab, the right arrow wraps to the first and takes the focus there.
    fireEvent.keyDown(tab('Error'), { key: 'ArrowRight' });
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Overview'));
    fireEvent.keyDown(tab('Overview'), { key: 'End' });
    expect(tab('Error').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Error'), { key: 'ArrowLeft' });
    expect(tab('Alarm').getAttribute('aria-selected')).toBe('true');
    expect(tab('Alarm').tabIndex).toBe(0);
  });
});

describe('PlainSegmented', () => {
  it('is a named radio group whose choice is reported', () => {
    const onChange = vi.fn();
    render(
      <PlainSegmented
        label="Period"
        value="today"
        options={[
          { value: 'today', label: 'Today' },
          { value: 'week', label: 'Week' },
        ]}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Period' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Today' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    expect(onChange).toHaveBeenCalledWith('week');
  });
});

describe('PlainSelect', () => {
  const options = [
    { value: 'p1', label: 'Milano Bike Hub' },
    { value: 'p2', label: 'Seoul Scooter Co.' },
  ];

  it('offers "all" first, reports a choice, and reports no filter when "all" is chosen again', () => {
    const onChange = vi.fn();
    render(<PlainSelect label="Partner" allLabel="Partner: All" value="p1" options={options} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Partner' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Partner: All', 'Milano Bike Hub', 'Seoul Scooter Co.']);
    expect(select.value).toBe('p1');
    fireEvent.change(select, { target: { value: 'p2' } });
    expect(onChange).toHaveBeenLastCalledWith('p2');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('keeps a filter from the URL chosen while its options load', () => {
    render(<PlainSelect label="Category" allLabel="All" value="c9" options={undefined} onChange={() => undefined} />);
    expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe('c9');
  });
});
