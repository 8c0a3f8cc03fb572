import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { FilterBarItem } from './collapsible-filters.tsx';

/**
 * A list page's "New" action. It navigates, so it is a link (open in a new tab works); the button inside is
 * only its look and is taken out of the tab order, so keyboard users meet one stop, not two.
 */
export function NewButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to}>
      <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
        {children}
      </Button>
    </Link>
  );
}

/**
 * A row's "Edit" link in a list's actions column. `label` names the row ("Edit partner Milano Bike Hub") for
 * screen readers, where a column of identical "Edit" links would be useless.
 */
export function EditLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} aria-label={label}>
      <Button size="small" type="link" icon={<EditOutlined />} tabIndex={-1}>
        {children}
      </Button>
    </Link>
  );
}

/**
 * The free-text search field of a list's filter form (bound to the `search` URL parameter); on a phone it is the
 * one line left when the other filters fold into the drawer.
 */
export function SearchFilter({ label, placeholder, width }: { label: string; placeholder: string; width?: number }) {
  const input = (style?: CSSProperties) => (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      aria-label={label}
      maxLength={100}
      style={style}
    />
  );
  return (
    <FilterBarItem
      bar={
        <Form.Item name="search" noStyle>
          {input()}
        </Form.Item>
      }
    >
      <Form.Item name="search" label={label}>
        {input(width ? { width } : undefined)}
      </Form.Item>
    </FilterBarItem>
  );
}
