#!/usr/bin/env node
// Placeholder measured below
